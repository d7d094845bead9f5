; ifconvert on a divergent if-then-else (the condition depends on %tid.x): the PTX has no branch, a selp
; picks the value, and the guarded store of the then-arm runs under the branch predicate.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %a) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %t, 16
  br i1 %c, label %then, label %else
then:
  %x = mul i32 %t, %a
  %p = getelementptr i32, ptr addrspace(1) %out, i32 64
  store i32 %x, ptr addrspace(1) %p, align 4
  br label %join
else:
  %y = add i32 %t, %a
  br label %join
join:
  %v = phi i32 [ %x, %then ], [ %y, %else ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK-NOT: bra
; CHECK: setp.lt.u32 %p1, {{%r[0-9]+}}, 16;
; CHECK: @%p1 st.global.u32 [%rd1+256],
; CHECK: selp.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, %p1;
; CHECK: st.global.u32
; CHECK-NOT: bra
; CHECK: ret;
