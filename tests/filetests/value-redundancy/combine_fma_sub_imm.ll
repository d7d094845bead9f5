; combine: contractable fsub with a multiply: m - 1.0 becomes fma(a, b, -1.0) and c - m*2.0 becomes
; fma(x, -2.0, c) (the negation is free on an immediate); m - %a with a register gets a neg, as llc emits.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, float %a, float %b, float %c) {
  %m4 = fmul contract float %b, %a
  %s4 = fsub contract float %m4, 1.000000e+00
  %m5 = fmul contract float %s4, 2.000000e+00
  %s5 = fsub contract float %c, %m5
  %m6 = fmul contract float %s5, %b
  %s6 = fsub contract float %m6, %a
  store float %s6, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK: fma.rn.f32 %f4, %f2, %f1, 0fBF800000;
; CHECK-NEXT: fma.rn.f32 %f5, %f4, 0fC0000000, %f3;
; CHECK-NEXT: neg.f32 %f7, %f1;
; CHECK-NEXT: fma.rn.f32 %f6, %f5, %f2, %f7;
