; llvm.round follows LLVM's expansion: copysign(trunc(|x| + 0.5), x), with trunc(x) for |x| < 0.5 (where
; |x| + 0.5 could round up to 1) and x itself for |x| > 2^23 (2^52 for double); llvm.nvvm.saturate.* is cvt.sat.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @rnd(ptr %out, float %x, double %d) {
  %r = call float @llvm.round.f32(float %x)
  %s = call float @llvm.nvvm.saturate.f(float %r)
  %z = call float @llvm.nvvm.saturate.ftz.f(float %s)
  store float %z, ptr %out
  %rd = call double @llvm.round.f64(double %d)
  %sd = call double @llvm.nvvm.saturate.d(double %rd)
  %p = getelementptr double, ptr %out, i64 1
  store double %sd, ptr %p
  ret void
}

declare float @llvm.round.f32(float)
declare double @llvm.round.f64(double)
declare float @llvm.nvvm.saturate.f(float)
declare float @llvm.nvvm.saturate.ftz.f(float)
declare double @llvm.nvvm.saturate.d(double)

; CHECK-LABEL: .visible .entry rnd(
; CHECK: abs.f32 {{%f[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: add.rn.f32 {{%f[0-9]+}}, {{%f[0-9]+}}, 0f3F000000;
; CHECK-NEXT: cvt.rzi.f32.f32
; CHECK-NEXT: copysign.f32
; CHECK-NEXT: setp.gt.f32 {{%p[0-9]+}}, {{%f[0-9]+}}, 0f4B000000;
; CHECK-NEXT: selp.f32
; CHECK-NEXT: setp.lt.f32 {{%p[0-9]+}}, {{%f[0-9]+}}, 0f3F000000;
; CHECK-NEXT: cvt.rzi.f32.f32
; CHECK-NEXT: selp.f32
; CHECK-NEXT: cvt.sat.f32.f32
; CHECK-NEXT: cvt.ftz.sat.f32.f32
; CHECK-NEXT: st.global.f32
; CHECK-NEXT: abs.f64
; CHECK-NEXT: add.rn.f64 {{%fd[0-9]+}}, {{%fd[0-9]+}}, 0d3FE0000000000000;
; CHECK: setp.gt.f64 {{%p[0-9]+}}, {{%fd[0-9]+}}, 0d4330000000000000;
; CHECK: cvt.sat.f64.f64
