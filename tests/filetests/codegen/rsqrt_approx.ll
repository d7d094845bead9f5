; isel (knob rsqrt-approx, default on): `1.0 / llvm.nvvm.sqrt.approx.f(x)` (fast-math `1.0f / sqrtf(x)`) is
; `rsqrt.approx.f32 x`, `.ftz` for the ftz square root, as llc-19's NVPTX patterns make it. A square root read
; by something else is still computed; a division of another numerator is not rewritten.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .entry k(
; CHECK: ld.global.f32 [[X:%f[0-9]+]],
; CHECK: sqrt.approx.f32 [[S:%f[0-9]+]], [[X]];
; CHECK: rsqrt.approx.f32 {{%f[0-9]+}}, [[X]];
; CHECK: rsqrt.approx.ftz.f32 {{%f[0-9]+}}, [[X]];
; CHECK: div.rn.f32 {{%f[0-9]+}}, 0f40000000, [[S]];
; CHECK-NOT: rcp
define ptx_kernel void @k(ptr addrspace(1) %p) {
  %x = load float, ptr addrspace(1) %p, align 4
  %s = call float @llvm.nvvm.sqrt.approx.f(float %x)
  %r = fdiv float 1.000000e+00, %s
  %sf = call float @llvm.nvvm.sqrt.approx.ftz.f(float %x)
  %rf = fdiv float 1.000000e+00, %sf
  %s2 = call float @llvm.nvvm.sqrt.approx.f(float %x)
  %two = fdiv float 2.000000e+00, %s2
  %a = fadd float %r, %rf
  %b = fadd float %a, %two
  store float %b, ptr addrspace(1) %p, align 4
  ret void
}

declare float @llvm.nvvm.sqrt.approx.f(float)
declare float @llvm.nvvm.sqrt.approx.ftz.f(float)
