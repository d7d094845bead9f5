; Bit-counting intrinsics on i8/i16 count in a zero-extended 32-bit copy (ctlz subtracts the extra leading
; zeros, cttz sets bit w so cttz(0) = w, bitreverse shifts back down); bswap.i64 swaps the two words' bytes with
; prmt; fshl/fshr.i64 are shift pairs (PTX has no 64-bit funnel shift).
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %out, i16 %h, i8 %b, i64 %x, i64 %y, i64 %s) {
  %p = call i16 @llvm.ctpop.i16(i16 %h)
  %z = call i16 @llvm.ctlz.i16(i16 %p, i1 false)
  %t = call i8 @llvm.cttz.i8(i8 %b, i1 false)
  %r = call i16 @llvm.bitreverse.i16(i16 %z)
  %t16 = zext i8 %t to i16
  %sum = add i16 %r, %t16
  store i16 %sum, ptr %out
  %bs = call i64 @llvm.bswap.i64(i64 %x)
  %fl = call i64 @llvm.fshl.i64(i64 %bs, i64 %y, i64 %s)
  %fr = call i64 @llvm.fshr.i64(i64 %fl, i64 %y, i64 3)
  %p8 = getelementptr i64, ptr %out, i64 1
  store i64 %fr, ptr %p8
  ret void
}

declare i16 @llvm.ctpop.i16(i16)
declare i16 @llvm.ctlz.i16(i16, i1)
declare i8 @llvm.cttz.i8(i8, i1)
declare i16 @llvm.bitreverse.i16(i16)
declare i64 @llvm.bswap.i64(i64)
declare i64 @llvm.fshl.i64(i64, i64, i64)
declare i64 @llvm.fshr.i64(i64, i64, i64)

; CHECK-LABEL: .visible .entry k(
; ctpop.i16 (the i16 parameter is loaded zero-extended into a 32-bit register)
; CHECK: ld.param.u16 [[X:%r[0-9]+]], [k_param_1];
; CHECK: popc.b32 {{%r[0-9]+}}, [[X]];
; CHECK-NEXT: cvt.u16.u32
; ctlz.i16
; CHECK-NEXT: cvt.u32.u16
; CHECK-NEXT: clz.b32
; CHECK-NEXT: sub.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16;
; CHECK-NEXT: cvt.u16.u32
; cttz.i8: the operand is masked to 8 bits first.
; CHECK-NEXT: and.b16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 255;
; CHECK-NEXT: cvt.u32.u16
; CHECK-NEXT: or.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 256;
; CHECK-NEXT: brev.b32
; CHECK-NEXT: clz.b32
; CHECK-NEXT: cvt.u16.u32
; bitreverse.i16
; CHECK-NEXT: cvt.u32.u16
; CHECK-NEXT: brev.b32
; CHECK-NEXT: shr.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16;
; CHECK: st.global.u16
; bswap.i64
; CHECK-NEXT: mov.b64 {{\{%r[0-9]+}}, {{%r[0-9]+}}}, {{%rd[0-9]+}};
; CHECK-NEXT: prmt.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 291;
; CHECK-NEXT: prmt.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 291;
; CHECK-NEXT: mov.b64 {{%rd[0-9]+}}, {{\{%r[0-9]+}}, {{%r[0-9]+}}};
; fshl.i64
; CHECK-NEXT: and.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 63;
; CHECK-NEXT: cvt.u32.u64
; CHECK-NEXT: sub.s32 {{%r[0-9]+}}, 64, {{%r[0-9]+}};
; CHECK-NEXT: shl.b64
; CHECK-NEXT: shr.u64
; CHECK-NEXT: or.b64
; fshr.i64 by a constant: immediate shift amounts.
; CHECK-NEXT: shl.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 61;
; CHECK-NEXT: shr.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 3;
; CHECK-NEXT: or.b64
