; combine (default on): fmul/fadd pairs that both carry `contract` fuse into fma.rn.f32 (LLVM's rule: both
; nodes allow contraction); a pair without flags stays mul.rn + add.rn, and a contract fmul feeding an fadd
; without the flag stays too (bit-exact where contraction is not allowed).
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, float %a, float %b, float %c) {
  %m = fmul contract float %a, %b
  %s = fadd contract float %m, %c
  %m2 = fmul float %a, %c
  %s2 = fadd float %m2, %s
  %m3 = fmul contract float %b, %c
  %s3 = fadd float %m3, %s2
  store float %s3, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK: fma.rn.f32 %f4, %f1, %f2, %f3;
; CHECK-NEXT: mul.rn.f32 %f5, %f1, %f3;
; CHECK-NEXT: add.rn.f32 %f6, %f5, %f4;
; CHECK-NEXT: mul.f32 %f7, %f2, %f3;
; CHECK-NEXT: add.rn.f32 %f8, %f7, %f6;
; CHECK-NOT: fma
; CHECK: ret;
