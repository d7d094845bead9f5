; Generic floating-point intrinsics: fabs -> abs, fma/fmuladd -> fma.rn, sqrt -> sqrt.rn, minnum/maxnum ->
; min/max, floor/ceil/trunc/rint -> cvt.rmi/rpi/rzi/rni, copysign -> copysign (sign operand first), exp2/log2/sin/cos
; on f32 -> the .approx instructions; f64 works the same where PTX has the instruction.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @fp_intrinsics(ptr %out, float %x, float %y, double %d) {
  %abs = call float @llvm.fabs.f32(float %x)
  %fma = call float @llvm.fma.f32(float %abs, float %y, float 2.0)
  %fmad = call float @llvm.fmuladd.f32(float %fma, float %x, float %y)
  %sq = call float @llvm.sqrt.f32(float %fmad)
  %mn = call float @llvm.minnum.f32(float %sq, float %y)
  %mx = call float @llvm.maxnum.f32(float %mn, float 0.0)
  %fl = call float @llvm.floor.f32(float %mx)
  %ce = call float @llvm.ceil.f32(float %fl)
  %tr = call float @llvm.trunc.f32(float %ce)
  %ri = call float @llvm.rint.f32(float %tr)
  %cs = call float @llvm.copysign.f32(float %ri, float %y)
  %e2 = call float @llvm.exp2.f32(float %cs)
  %l2 = call float @llvm.log2.f32(float %e2)
  %sn = call float @llvm.sin.f32(float %l2)
  %co = call float @llvm.cos.f32(float %sn)
  store float %co, ptr %out
  %dabs = call double @llvm.fabs.f64(double %d)
  %dfma = call double @llvm.fma.f64(double %dabs, double %d, double 1.0)
  %dsq = call double @llvm.sqrt.f64(double %dfma)
  %dfl = call double @llvm.floor.f64(double %dsq)
  %dmx = call double @llvm.maxnum.f64(double %dfl, double %d)
  %pd = getelementptr double, ptr %out, i64 1
  store double %dmx, ptr %pd
  ret void
}

declare float @llvm.fabs.f32(float)
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.fmuladd.f32(float, float, float)
declare float @llvm.sqrt.f32(float)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.floor.f32(float)
declare float @llvm.ceil.f32(float)
declare float @llvm.trunc.f32(float)
declare float @llvm.rint.f32(float)
declare float @llvm.copysign.f32(float, float)
declare float @llvm.exp2.f32(float)
declare float @llvm.log2.f32(float)
declare float @llvm.sin.f32(float)
declare float @llvm.cos.f32(float)
declare double @llvm.fabs.f64(double)
declare double @llvm.fma.f64(double, double, double)
declare double @llvm.sqrt.f64(double)
declare double @llvm.floor.f64(double)
declare double @llvm.maxnum.f64(double, double)

; CHECK-LABEL: .visible .entry fp_intrinsics(
; CHECK: abs.f32 {{%f[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: fma.rn.f32 {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}, 0f40000000;
; CHECK-NEXT: fma.rn.f32
; CHECK-NEXT: sqrt.rn.f32
; CHECK-NEXT: min.f32
; CHECK-NEXT: max.f32 {{%f[0-9]+}}, {{%f[0-9]+}}, 0f00000000;
; CHECK-NEXT: cvt.rmi.f32.f32
; CHECK-NEXT: cvt.rpi.f32.f32
; CHECK-NEXT: cvt.rzi.f32.f32
; CHECK-NEXT: cvt.rni.f32.f32
; copysign(mag, sign) is copysign.f32 d, sign, mag.
; CHECK-NEXT: copysign.f32 {{%f[0-9]+}}, {{%f2}}, {{%f[0-9]+}};
; CHECK-NEXT: ex2.approx.f32
; CHECK-NEXT: lg2.approx.f32
; CHECK-NEXT: sin.approx.f32
; CHECK-NEXT: cos.approx.f32
; CHECK-NEXT: st.global.f32
; CHECK-NEXT: abs.f64
; CHECK-NEXT: fma.rn.f64
; CHECK-NEXT: sqrt.rn.f64
; CHECK-NEXT: cvt.rmi.f64.f64
; CHECK-NEXT: max.f64
