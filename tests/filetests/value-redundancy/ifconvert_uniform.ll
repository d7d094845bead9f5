; ifconvert on the same if-then-else under a uniform condition (a kernel parameter): a warp runs one arm
; only, so the branch stays (compare ifconvert_divergent.ll).
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %a) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %a, 16
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
; CHECK: bra.uni
; CHECK-NOT: selp
