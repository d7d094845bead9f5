; f32 arithmetic: .rn forms unless contraction is allowed (contract/fast drop the rounding modifier so ptxas may
; fuse), fdiv is div.rn (div.approx with arcp/afn), fneg is neg.f32, frem is a - trunc(a/b)*b.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @f32_ops(ptr %out, float %a, float %b) {
  %add = fadd float %a, %b
  %sub = fsub float %add, 1.0
  %mul = fmul float %sub, %b
  %div = fdiv float %mul, %a
  %neg = fneg float %div
  %rem = frem float %neg, %b
  %fast = fmul contract float %rem, %a
  %approx = fdiv arcp float %fast, %b
  store float %approx, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry f32_ops(
; CHECK: ld.param.f32 {{%f[0-9]+}}, [f32_ops_param_1];
; CHECK: add.rn.f32 {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: sub.rn.f32 {{%f[0-9]+}}, {{%f[0-9]+}}, 0f3F800000;
; CHECK-NEXT: mul.rn.f32
; CHECK-NEXT: div.rn.f32
; CHECK-NEXT: neg.f32
; CHECK-NEXT: div.rn.f32 {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: cvt.rzi.f32.f32
; CHECK-NEXT: mul.rn.f32
; CHECK-NEXT: sub.rn.f32
; CHECK-NEXT: mul.f32
; CHECK-NEXT: div.approx.f32
; CHECK-NEXT: st.global.f32
