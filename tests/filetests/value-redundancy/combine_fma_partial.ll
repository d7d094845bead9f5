; combine: a contractable product with another reader (here a neg, as in `select(c, x - m, -m)`) stays for that
; reader and is still fused into the sub in its block (llc's aggressive fusion; ptxas does not contract a product
; with other readers by itself): mul + neg + fma instead of mul + neg + sub.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, float %a, float %b, float %x, i1 %c) {
  %m = fmul contract float %a, %b
  %s = fsub contract float %x, %m
  %n = fneg contract float %m
  %r = select i1 %c, float %s, float %n
  store float %r, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK: mul.f32 [[M:%f[0-9]+]], {{%f[0-9]+}}, {{%f[0-9]+}};
; CHECK-NOT: sub.f32
; CHECK: fma.rn.f32 [[S:%f[0-9]+]], {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}};
; CHECK-NOT: sub.f32
; CHECK: neg.f32 [[N:%f[0-9]+]], [[M]];
; CHECK: selp.f32 {{%f[0-9]+}}, [[S]], [[N]],
