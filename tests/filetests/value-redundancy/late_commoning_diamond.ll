; late-commoning after ifconvert: both arms of a divergent diamond load the same element and compute the same
; product; simplifycfg (which would hoist them) and darm (which would meld the arms) are off so the diamond
; reaches isel. After if-conversion the arms are adjacent: the complementary guarded loads become one load and
; the duplicate product goes, so one ld.global and one mul remain.
; RUN: compile %s --mcpu sm_90 --disable-pass simplifycfg --disable-pass darm

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %t, 16
  br i1 %c, label %then, label %else
then:
  %u = shl i32 %t, 1
  %a = load i32, ptr addrspace(1) %in, align 4
  %m = mul i32 %a, %t
  %x = add i32 %m, %u
  br label %join
else:
  %w = xor i32 %t, 5
  %b = load i32, ptr addrspace(1) %in, align 4
  %n = mul i32 %b, %t
  %y = sub i32 %n, %w
  br label %join
join:
  %v = phi i32 [ %x, %then ], [ %y, %else ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK-NOT: bra
; CHECK: ld.global.u32
; CHECK-NOT: ld.global.u32
; CHECK: mul.lo.s32
; CHECK-NOT: mul.lo.s32
; CHECK: selp.b32
; CHECK: ret;
