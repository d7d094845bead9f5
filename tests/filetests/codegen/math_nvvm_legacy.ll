; NVVM integer intrinsics of older IR (LLVM < 17 spells __abs/__min/__max and __float_as_int this way):
; abs.i/ll, min/max.{i,ui,ll,ull} and bitcast.f2i/i2f/d2ll/ll2d.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @legacy(ptr %out, i32 %i, i64 %l, float %f, double %d) {
  %a = call i32 @llvm.nvvm.abs.i(i32 %i)
  %b = call i32 @llvm.nvvm.min.i(i32 %a, i32 %i)
  %c = call i32 @llvm.nvvm.max.ui(i32 %b, i32 7)
  %fi = call i32 @llvm.nvvm.bitcast.f2i(float %f)
  %s = add i32 %c, %fi
  %back = call float @llvm.nvvm.bitcast.i2f(i32 %s)
  store float %back, ptr %out
  %e = call i64 @llvm.nvvm.min.ull(i64 %l, i64 5)
  %g = call i64 @llvm.nvvm.max.ll(i64 %e, i64 %l)
  %h = call i64 @llvm.nvvm.abs.ll(i64 %g)
  %dl = call i64 @llvm.nvvm.bitcast.d2ll(double %d)
  %x = xor i64 %h, %dl
  %dd = call double @llvm.nvvm.bitcast.ll2d(i64 %x)
  %pd = getelementptr double, ptr %out, i64 1
  store double %dd, ptr %pd
  ret void
}

declare i32 @llvm.nvvm.abs.i(i32)
declare i32 @llvm.nvvm.min.i(i32, i32)
declare i32 @llvm.nvvm.max.ui(i32, i32)
declare i32 @llvm.nvvm.bitcast.f2i(float)
declare float @llvm.nvvm.bitcast.i2f(i32)
declare i64 @llvm.nvvm.min.ull(i64, i64)
declare i64 @llvm.nvvm.max.ll(i64, i64)
declare i64 @llvm.nvvm.abs.ll(i64)
declare i64 @llvm.nvvm.bitcast.d2ll(double)
declare double @llvm.nvvm.bitcast.ll2d(i64)

; CHECK-LABEL: .visible .entry legacy(
; CHECK: abs.s32 {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: min.s32
; CHECK-NEXT: max.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 7;
; CHECK-NEXT: mov.b32 {{%r[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: add.s32
; CHECK-NEXT: mov.b32 {{%f[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: st.global.f32
; CHECK-NEXT: min.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 5;
; CHECK-NEXT: max.s64
; CHECK-NEXT: abs.s64
; CHECK-NEXT: mov.b64 {{%rd[0-9]+}}, {{%fd[0-9]+}};
; CHECK-NEXT: xor.b64
; CHECK-NEXT: mov.b64 {{%fd[0-9]+}}, {{%rd[0-9]+}};
