; srem by a power of two clears the biased numerator's low bits (`n - ((n + bias) & -2^k)`, an `and` instead of
; a shift and a multiply back, as llc does), for positive and negative divisors and on 64 bits; and
; `q - q % 16` (the round-down-to-a-multiple idiom) cancels to the masked value alone: reassociate drops `n - n`.
; Both shapes are checked in the emulator by crates/simtc/tests/div_by_const.rs.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, i32 %x, i32 %y, i64 %z) {
  %r = srem i32 %x, 8
  store i32 %r, ptr addrspace(1) %p, align 4
  %rn = srem i32 %y, -16
  %g1 = getelementptr i32, ptr addrspace(1) %p, i64 1
  store i32 %rn, ptr addrspace(1) %g1, align 4
  %m = srem i32 %x, 16
  %down = sub nsw i32 %x, %m
  %g2 = getelementptr i32, ptr addrspace(1) %p, i64 2
  store i32 %down, ptr addrspace(1) %g2, align 4
  %r64 = srem i64 %z, 4
  %g3 = getelementptr i64, ptr addrspace(1) %p, i64 2
  store i64 %r64, ptr addrspace(1) %g3, align 8
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK-NOT: rem.s
; CHECK: shr.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 29;
; CHECK-NEXT: add.s32 [[T:%r[0-9]+]],
; CHECK-NEXT: and.b32 [[M:%r[0-9]+]], [[T]], -8;
; CHECK-NEXT: sub.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[M]];
; CHECK: and.b32 [[M2:%r[0-9]+]], {{%r[0-9]+}}, -16;
; CHECK-NEXT: sub.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[M2]];
; The rounded-down value is stored as the mask itself: no sub, no multiply.
; CHECK: and.b32 [[M4:%r[0-9]+]], {{%r[0-9]+}}, -16;
; CHECK-NEXT: st.global.u32 [{{%rd[0-9]+}}+8], [[M4]];
; CHECK: and.b64 [[M3:%rd[0-9]+]], {{%rd[0-9]+}}, -4;
; CHECK-NEXT: sub.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, [[M3]];
; CHECK-NOT: mul.lo
