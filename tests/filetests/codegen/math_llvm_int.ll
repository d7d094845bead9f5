; Generic integer intrinsics: smax/smin/umax/umin -> max/min.{s,u}, abs -> abs.s, ctpop -> popc, ctlz -> clz,
; cttz -> brev + clz, bitreverse -> brev, bswap -> prmt 0x0123, fshl/fshr -> shf.l/r.wrap; 64-bit counts are
; widened back with cvt.u64.u32; narrow smax normalizes its operands first.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @int_intrinsics(ptr %out, i32 %a, i32 %b, i64 %l, i16 %h, i16 %k) {
  %smax = call i32 @llvm.smax.i32(i32 %a, i32 %b)
  %smin = call i32 @llvm.smin.i32(i32 %smax, i32 0)
  %umax = call i32 @llvm.umax.i32(i32 %smin, i32 %b)
  %umin = call i32 @llvm.umin.i32(i32 %umax, i32 255)
  %abs = call i32 @llvm.abs.i32(i32 %umin, i1 false)
  %pop = call i32 @llvm.ctpop.i32(i32 %abs)
  %clz = call i32 @llvm.ctlz.i32(i32 %pop, i1 false)
  %ctz = call i32 @llvm.cttz.i32(i32 %clz, i1 true)
  %rev = call i32 @llvm.bitreverse.i32(i32 %ctz)
  %bsw = call i32 @llvm.bswap.i32(i32 %rev)
  %fl = call i32 @llvm.fshl.i32(i32 %bsw, i32 %a, i32 5)
  %fr = call i32 @llvm.fshr.i32(i32 %fl, i32 %b, i32 %a)
  store i32 %fr, ptr %out
  %pop64 = call i64 @llvm.ctpop.i64(i64 %l)
  %clz64 = call i64 @llvm.ctlz.i64(i64 %pop64, i1 false)
  %abs64 = call i64 @llvm.abs.i64(i64 %clz64, i1 true)
  %p64 = getelementptr i64, ptr %out, i64 1
  store i64 %abs64, ptr %p64
  %hmax = call i16 @llvm.smax.i16(i16 %h, i16 %k)
  %p16 = getelementptr i16, ptr %out, i64 8
  store i16 %hmax, ptr %p16
  ret void
}

declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.bswap.i32(i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i64 @llvm.ctpop.i64(i64)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i64 @llvm.abs.i64(i64, i1)
declare i16 @llvm.smax.i16(i16, i16)

; CHECK-LABEL: .visible .entry int_intrinsics(
; CHECK: max.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: min.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0;
; CHECK-NEXT: max.u32
; CHECK-NEXT: min.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 255;
; CHECK-NEXT: abs.s32
; CHECK-NEXT: popc.b32
; CHECK-NEXT: clz.b32
; CHECK-NEXT: brev.b32
; CHECK-NEXT: clz.b32
; CHECK-NEXT: brev.b32
; CHECK-NEXT: prmt.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 291;
; CHECK-NEXT: shf.l.wrap.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 5;
; CHECK-NEXT: shf.r.wrap.b32
; CHECK-NEXT: st.global.u32
; CHECK-NEXT: popc.b64 {{%r[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: cvt.u64.u32
; CHECK-NEXT: clz.b64
; CHECK-NEXT: cvt.u64.u32
; CHECK-NEXT: abs.s64
; CHECK: max.s16
