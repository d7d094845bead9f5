; combine: i32 mul + add becomes mad.lo.s32; a sign-extended i32 index times a constant plus a 64-bit base
; (mul.wide.s32 after the peephole) becomes mad.wide.s32.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, i32 %a, i32 %b, i64 %base) {
  %m = mul i32 %a, %b
  %s = add i32 %m, 17
  %x = sext i32 %a to i64
  %w = mul i64 %x, 12
  %t = add i64 %base, %w
  %q = inttoptr i64 %t to ptr addrspace(1)
  store i32 %s, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK: mad.lo.s32 {{%r[0-9]+}}, %r1, %r2, 17;
; mul.wide + add.s64 is not fused by default (knob CombineMadWide): ptxas forms the IMAD.WIDE itself.
; CHECK: mul.wide.s32 [[W:%rd[0-9]+]], %r1, 12;
; CHECK-NEXT: add.s64 {{%rd[0-9]+}}, %rd{{[0-9]+}}, [[W]];
