; `--knob rsqrt-approx=false`: the square root and a correctly rounded reciprocal.
; RUN: compile %s --mcpu sm_90 --knob rsqrt-approx=false

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .entry k(
; CHECK: sqrt.approx.f32 [[S:%f[0-9]+]],
; CHECK: rcp.rn.f32 {{%f[0-9]+}}, [[S]];
; CHECK-NOT: rsqrt
define ptx_kernel void @k(ptr addrspace(1) %p) {
  %x = load float, ptr addrspace(1) %p, align 4
  %s = call float @llvm.nvvm.sqrt.approx.f(float %x)
  %r = fdiv float 1.000000e+00, %s
  store float %r, ptr addrspace(1) %p, align 4
  ret void
}

declare float @llvm.nvvm.sqrt.approx.f(float)
