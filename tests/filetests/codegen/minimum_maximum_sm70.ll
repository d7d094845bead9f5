; llvm.maximum/llvm.minimum where PTX has no max.NaN (before sm_80; f64 on every target) expand as LLVM's
; expandFMINIMUM_FMAXIMUM does: max/min (f16: setp + selp, as max.f16 needs sm_80), the canonical NaN when an
; operand is NaN, and the +0.0 (maximum) / -0.0 (minimum) operand when the result is zero. nnan drops the NaN
; step, nsz the zero step. llvm.maxnum.f16 before sm_80 is computed in f32, as llc promotes it.
; RUN: compile %s --mcpu sm_70

target triple = "nvptx64-nvidia-cuda"

define float @maxf(float %a, float %b) {
  %r = call float @llvm.maximum.f32(float %a, float %b)
  ret float %r
}
; CHECK-LABEL: .func (.param .b32 func_retval0) maxf(
; CHECK: max.f32 [[M:%f[0-9]+]], [[A:%f[0-9]+]], [[B:%f[0-9]+]];
; CHECK-NEXT: setp.nan.f32 [[PN:%p[0-9]+]], [[A]], [[B]];
; CHECK-NEXT: selp.f32 [[N:%f[0-9]+]], 0f7FC00000, [[M]], [[PN]];
; CHECK-NEXT: mov.b32 [[IA:%r[0-9]+]], [[A]];
; CHECK-NEXT: setp.eq.s32 [[PA:%p[0-9]+]], [[IA]], 0;
; CHECK-NEXT: selp.f32 [[L:%f[0-9]+]], [[A]], [[N]], [[PA]];
; CHECK-NEXT: mov.b32 [[IB:%r[0-9]+]], [[B]];
; CHECK-NEXT: setp.eq.s32 [[PB:%p[0-9]+]], [[IB]], 0;
; CHECK-NEXT: selp.f32 [[R:%f[0-9]+]], [[B]], [[L]], [[PB]];
; CHECK-NEXT: setp.eq.f32 [[PZ:%p[0-9]+]], [[N]], 0f00000000;
; CHECK-NEXT: selp.f32 {{%f[0-9]+}}, [[R]], [[N]], [[PZ]];

define double @mind(double %a, double %b) {
  %r = call double @llvm.minimum.f64(double %a, double %b)
  ret double %r
}
; CHECK-LABEL: mind(
; CHECK: min.f64
; CHECK: selp.f64 {{%fd[0-9]+}}, 0d7FF8000000000000,
; CHECK: setp.eq.s64 {{%p[0-9]+}}, {{%rd[0-9]+}}, -9223372036854775808;
; CHECK-NOT: .NaN

define half @maxh(half %a, half %b) {
  %r = call half @llvm.maximum.f16(half %a, half %b)
  ret half %r
}
; CHECK-LABEL: maxh(
; CHECK: setp.gt.f16 [[P:%p[0-9]+]], [[A:%rs[0-9]+]], [[B:%rs[0-9]+]];
; CHECK-NEXT: selp.b16 {{%rs[0-9]+}}, [[A]], [[B]], [[P]];
; CHECK: selp.b16 {{%rs[0-9]+}}, 32256,
; CHECK: setp.eq.s16 {{%p[0-9]+}}, [[A]], 0;
; CHECK-NOT: max.f16

define float @fast(float %a, float %b) {
  %r = call nnan nsz float @llvm.minimum.f32(float %a, float %b)
  ret float %r
}
; CHECK-LABEL: fast(
; CHECK: min.f32
; CHECK-NOT: setp
; CHECK: st.param.f32

define half @minnumh(half %a, half %b) {
  %r = call half @llvm.minnum.f16(half %a, half %b)
  ret half %r
}
; CHECK-LABEL: minnumh(
; CHECK: cvt.f32.f16
; CHECK: cvt.f32.f16
; CHECK: min.f32
; CHECK: cvt.rn.f16.f32

declare float @llvm.maximum.f32(float, float)
declare float @llvm.minimum.f32(float, float)
declare double @llvm.minimum.f64(double, double)
declare half @llvm.maximum.f16(half, half)
declare half @llvm.minnum.f16(half, half)
