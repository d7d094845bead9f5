; PTX has max.NaN/min.NaN for f32 and f16 from sm_80 but none for f64: llvm.maximum.f64 expands on sm_90 too
; (as llc does), while f32 uses max.NaN.f32.
; RUN: compile %s --mcpu sm_90

target triple = "nvptx64-nvidia-cuda"

define double @maxd(double %a, double %b) {
  %r = call double @llvm.maximum.f64(double %a, double %b)
  ret double %r
}
; CHECK-LABEL: maxd(
; CHECK: max.f64
; CHECK: setp.nan.f64
; CHECK: setp.eq.s64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 0;
; CHECK-NOT: .NaN.f64

define float @maxf(float %a, float %b) {
  %r = call float @llvm.maximum.f32(float %a, float %b)
  ret float %r
}
; CHECK-LABEL: maxf(
; CHECK: max.NaN.f32

declare double @llvm.maximum.f64(double, double)
declare float @llvm.maximum.f32(float, float)
