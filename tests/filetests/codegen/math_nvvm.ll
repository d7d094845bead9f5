; NVVM math intrinsics map one-to-one onto PTX: fma.rn, sqrt.rn, rsqrt.approx, rcp.rn, ex2.approx, lg2.approx,
; sin/cos.approx (with .ftz forms), fabs, fmin/fmax, popc, clz, brev, mulhi.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @nvvm_math(ptr %out, float %x, float %y, double %d, i32 %i, i64 %l) {
  %fma = call float @llvm.nvvm.fma.rn.f(float %x, float %y, float 1.0)
  %sq = call float @llvm.nvvm.sqrt.rn.f(float %fma)
  %rs = call float @llvm.nvvm.rsqrt.approx.f(float %sq)
  %rc = call float @llvm.nvvm.rcp.rn.f(float %rs)
  %ex = call float @llvm.nvvm.ex2.approx.f(float %rc)
  %lg = call float @llvm.nvvm.lg2.approx.f(float %ex)
  %sn = call float @llvm.nvvm.sin.approx.ftz.f(float %lg)
  %cs = call float @llvm.nvvm.cos.approx.f(float %sn)
  %ab = call float @llvm.nvvm.fabs.f(float %cs)
  %mn = call float @llvm.nvvm.fmin.f(float %ab, float %y)
  %mx = call float @llvm.nvvm.fmax.ftz.f(float %mn, float %x)
  store float %mx, ptr %out
  %dfma = call double @llvm.nvvm.fma.rn.d(double %d, double %d, double 1.0)
  %dsq = call double @llvm.nvvm.sqrt.rn.d(double %dfma)
  %drc = call double @llvm.nvvm.rcp.rn.d(double %dsq)
  %dmx = call double @llvm.nvvm.fmax.d(double %drc, double %d)
  %pd = getelementptr double, ptr %out, i64 1
  store double %dmx, ptr %pd
  %pc = call i32 @llvm.nvvm.popc.i(i32 %i)
  %cz = call i32 @llvm.nvvm.clz.i(i32 %pc)
  %br = call i32 @llvm.nvvm.brev32(i32 %cz)
  %mh = call i32 @llvm.nvvm.mulhi.i(i32 %br, i32 %i)
  %pl = call i32 @llvm.nvvm.popc.ll(i64 %l)
  %cl = call i32 @llvm.nvvm.clz.ll(i64 %l)
  %bl = call i64 @llvm.nvvm.brev64(i64 %l)
  %s1 = add i32 %mh, %pl
  %s2 = add i32 %s1, %cl
  %pi = getelementptr i32, ptr %out, i64 4
  store i32 %s2, ptr %pi
  %pb = getelementptr i64, ptr %out, i64 3
  store i64 %bl, ptr %pb
  ret void
}

declare float @llvm.nvvm.fma.rn.f(float, float, float)
declare float @llvm.nvvm.sqrt.rn.f(float)
declare float @llvm.nvvm.rsqrt.approx.f(float)
declare float @llvm.nvvm.rcp.rn.f(float)
declare float @llvm.nvvm.ex2.approx.f(float)
declare float @llvm.nvvm.lg2.approx.f(float)
declare float @llvm.nvvm.sin.approx.ftz.f(float)
declare float @llvm.nvvm.cos.approx.f(float)
declare float @llvm.nvvm.fabs.f(float)
declare float @llvm.nvvm.fmin.f(float, float)
declare float @llvm.nvvm.fmax.ftz.f(float, float)
declare double @llvm.nvvm.fma.rn.d(double, double, double)
declare double @llvm.nvvm.sqrt.rn.d(double)
declare double @llvm.nvvm.rcp.rn.d(double)
declare double @llvm.nvvm.fmax.d(double, double)
declare i32 @llvm.nvvm.popc.i(i32)
declare i32 @llvm.nvvm.clz.i(i32)
declare i32 @llvm.nvvm.brev32(i32)
declare i32 @llvm.nvvm.mulhi.i(i32, i32)
declare i32 @llvm.nvvm.popc.ll(i64)
declare i32 @llvm.nvvm.clz.ll(i64)
declare i64 @llvm.nvvm.brev64(i64)

; CHECK-LABEL: .visible .entry nvvm_math(
; CHECK: fma.rn.f32 {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}, 0f3F800000;
; CHECK-NEXT: sqrt.rn.f32
; CHECK-NEXT: rsqrt.approx.f32
; CHECK-NEXT: rcp.rn.f32
; CHECK-NEXT: ex2.approx.f32
; CHECK-NEXT: lg2.approx.f32
; CHECK-NEXT: sin.approx.ftz.f32
; CHECK-NEXT: cos.approx.f32
; CHECK-NEXT: abs.f32
; CHECK-NEXT: min.f32
; CHECK-NEXT: max.ftz.f32
; CHECK-NEXT: st.global.f32
; CHECK-NEXT: fma.rn.f64 {{%fd[0-9]+}}, {{%fd[0-9]+}}, {{%fd[0-9]+}}, 0d3FF0000000000000;
; CHECK-NEXT: sqrt.rn.f64
; CHECK-NEXT: rcp.rn.f64
; CHECK-NEXT: max.f64
; CHECK-NEXT: st.global.f64
; CHECK-NEXT: popc.b32
; CHECK-NEXT: clz.b32
; CHECK-NEXT: brev.b32
; CHECK-NEXT: mul.hi.s32
; CHECK-NEXT: popc.b64 {{%r[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: clz.b64 {{%r[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: brev.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}};
