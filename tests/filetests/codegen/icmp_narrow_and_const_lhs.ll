; Comparisons of narrow integers normalize both sides (unsigned: mask, signed: sign-extend); a constant left-hand
; side is moved into a register (setp needs a register first operand); i1 comparisons are predicate logic.
; RUN: compile %s --mcpu sm_80 --disable-pass peephole

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @narrow_cmp(ptr %out, i8 %a, i16 %b, i32 %c) {
  %ta = trunc i32 %c to i16
  %ult = icmp ult i8 %a, 100
  %sgt = icmp sgt i16 %b, %ta
  %k = icmp ugt i32 7, %c
  %pa = icmp ne i8 %a, 0
  %pb = icmp eq i1 %pa, %k
  %x = xor i1 %ult, %sgt
  %y = xor i1 %x, %pb
  %r = zext i1 %y to i32
  store i32 %r, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry narrow_cmp(
; CHECK: and.b16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 255;
; CHECK-NEXT: setp.lt.u16 {{%p[0-9]+}}, {{%rs[0-9]+}}, 100;
; CHECK: setp.gt.s16
; CHECK: mov.b32 {{%r[0-9]+}}, 7;
; CHECK-NEXT: setp.gt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK: setp.ne.s16
; CHECK: xor.pred
; CHECK-NEXT: not.pred
