; Narrow shift amounts and GEP indices have undefined upper bits too: an i8 amount is masked to 8 bits before
; the shift, and an i8/i24 GEP index is sign-extended from its own width before scaling (`cvt.s16.s8` for
; i8; the shift pair for i24, which has no cvt type).
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @narrow(ptr %out, i8 %a, i8 %b, i24 %c) {
  %amt = add i8 %b, 1
  %x = shl i8 %a, %amt
  %p = getelementptr float, ptr %out, i8 %a
  store i8 %x, ptr %p
  %q = getelementptr i8, ptr %out, i24 %c
  store i8 %a, ptr %q
  ret void
}

; CHECK-LABEL: .visible .entry narrow(
; CHECK: add.s16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 1;
; CHECK-NEXT: and.b16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 255;
; CHECK-NEXT: cvt.u32.u16
; CHECK-NEXT: shl.b16
; CHECK-NEXT: cvt.s16.s8 {{%rs[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: cvt.s64.s16
; CHECK-NEXT: shl.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 2;
; CHECK-NEXT: add.s64
; CHECK-NEXT: st.global.u8
; CHECK-NEXT: bfe.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 24;
; CHECK-NEXT: cvt.s64.s32
; CHECK-NEXT: add.s64
; CHECK-NEXT: st.global.u8
