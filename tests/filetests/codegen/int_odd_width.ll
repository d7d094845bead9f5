; Odd widths live in the next register size; i24 division and i33 comparisons normalize with masks / shifts.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @odd(ptr %out, i32 %a, i32 %b, i64 %c) {
  %ta = trunc i32 %a to i24
  %tb = trunc i32 %b to i24
  %q = udiv i24 %ta, %tb
  %s = sdiv i24 %ta, %tb
  %x = xor i24 %q, %s
  %e = zext i24 %x to i32
  store i32 %e, ptr %out
  %tc = trunc i64 %c to i33
  %lt = icmp slt i33 %tc, 5
  %ez = zext i1 %lt to i32
  %p = getelementptr i32, ptr %out, i64 1
  store i32 %ez, ptr %p
  ret void
}

; CHECK-LABEL: .visible .entry odd(
; i24 udiv: mask both operands to 24 bits.
; CHECK: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16777215;
; CHECK-NEXT: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16777215;
; CHECK-NEXT: div.u32
; i24 sdiv: sign-extend from bit 23 (bfe.s32 after peephole).
; CHECK-NEXT: bfe.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 24;
; CHECK: div.s32
; zext i24 -> i32 masks.
; CHECK: xor.b32
; CHECK-NEXT: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16777215;
; i33 signed compare: sign-extend from bit 32 in the 64-bit register.
; CHECK: shl.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 31;
; CHECK-NEXT: shr.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 31;
; CHECK-NEXT: setp.lt.s64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 5;
