; Integer casts: trunc is cvt.u<dst>.u<src> (or nothing within a register class), zext/sext of 8/16/32-bit
; values read exactly that many source bits with cvt.{u,s}<dst>.{u,s}<w>, odd widths are normalized first, and
; trunc to i1 tests the low bit.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @int_casts(ptr %out, i64 %a, i32 %b) {
  %t32 = trunc i64 %a to i32
  %t16 = trunc i64 %a to i16
  %t8 = trunc i32 %b to i8
  %t1 = trunc i32 %b to i1
  %z8 = zext i8 %t8 to i32
  %s8 = sext i8 %t8 to i64
  %z16 = zext i16 %t16 to i64
  %s16 = sext i16 %t16 to i32
  %z32 = zext i32 %t32 to i64
  %s32 = sext i32 %b to i64
  %t24 = trunc i32 %b to i24
  %s24 = sext i24 %t24 to i32
  %x = select i1 %t1, i32 %z8, i32 %s16
  %y = add i32 %x, %s24
  store i32 %y, ptr %out
  %p1 = getelementptr i64, ptr %out, i64 1
  %s = add i64 %s8, %z16
  %s2 = add i64 %s, %z32
  %s3 = add i64 %s2, %s32
  store i64 %s3, ptr %p1
  ret void
}

; CHECK-LABEL: .visible .entry int_casts(
; CHECK: cvt.u32.u64 {{%r[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: cvt.u16.u64 {{%rs[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: cvt.u16.u32 {{%rs[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1;
; CHECK-NEXT: setp.eq.b32 {{%p[0-9]+}}, {{%r[0-9]+}}, 1;
; CHECK-NEXT: cvt.u32.u8 {{%r[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: cvt.s64.s8 {{%rd[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: cvt.u64.u16 {{%rd[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: cvt.s32.s16 {{%r[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: cvt.u64.u32 {{%rd[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: cvt.s64.s32 {{%rd[0-9]+}}, {{%r[0-9]+}};
; sext i24 -> i32 within one register: isel's shift up and arithmetic shift back, one bfe.s32 after peephole.
; CHECK-NEXT: bfe.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 24;
; CHECK-NEXT: selp.b32
