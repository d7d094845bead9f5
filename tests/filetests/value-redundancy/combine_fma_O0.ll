; combine does not run at -O0 (as llc-19 -O0 does not contract): the contractable pair stays mul + add.
; RUN: compile %s --mcpu sm_90 -O0

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, float %a, float %b, float %c) {
  %m = fmul contract float %a, %b
  %s = fadd contract float %m, %c
  store float %s, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK-NOT: fma
; CHECK: mul.f32
; CHECK-NEXT: add.f32
