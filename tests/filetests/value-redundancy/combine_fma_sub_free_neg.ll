; combine: m - c where c is a single-use mul/div chain ending in an immediate: the negation goes into that
; immediate for free (x*z - (0.5*i)/n becomes fma(x, z, (i * -0.5)/n), as llc does); exact because
; round-to-nearest is symmetric about zero. When c has another use the chain is left alone and a neg is inserted
; instead (neg + fma, as llc emits; ptxas folds the neg into the FFMA).
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @free(ptr addrspace(1) %p, double %x, double %z, double %i, double %n) {
  %m = fmul contract double %x, %z
  %h = fmul contract double %i, 5.000000e-01
  %d = fdiv double %h, %n
  %s = fsub contract double %m, %d
  store double %s, ptr addrspace(1) %p, align 8
  ret void
}

; CHECK-LABEL: .entry free(
; CHECK: mul.f64 [[H:%fd[0-9]+]], {{%fd[0-9]+}}, 0dBFE0000000000000;
; CHECK-NEXT: div.rn.f64 [[D:%fd[0-9]+]], [[H]], {{%fd[0-9]+}};
; CHECK-NEXT: fma.rn.f64 {{%fd[0-9]+}}, {{%fd[0-9]+}}, {{%fd[0-9]+}}, [[D]];
; CHECK-NOT: sub.f64

define ptx_kernel void @shared(ptr addrspace(1) %p, float %x, float %z, float %i) {
  %m = fmul contract float %x, %z
  %h = fmul contract float %i, 5.000000e-01
  %s = fsub contract float %m, %h
  store float %s, ptr addrspace(1) %p, align 4
  %q = getelementptr float, ptr addrspace(1) %p, i64 1
  store float %h, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: .entry shared(
; CHECK: mul.f32 [[H2:%f[0-9]+]], {{%f[0-9]+}}, 0f3F000000;
; CHECK-NEXT: neg.f32 [[N:%f[0-9]+]], [[H2]];
; CHECK-NEXT: fma.rn.f32 {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}, [[N]];
; CHECK-NOT: sub.f32
