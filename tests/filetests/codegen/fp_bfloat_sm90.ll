; On sm_90 bfloat add/mul are native (.bf16 forms); division still goes through f32.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bf16_native(ptr %out, bfloat %a, bfloat %b) {
  %add = fadd bfloat %a, %b
  %mul = fmul bfloat %add, %b
  %div = fdiv bfloat %mul, %a
  store bfloat %div, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry bf16_native(
; CHECK: add.rn.bf16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: mul.rn.bf16
; CHECK: div.rn.f32
; CHECK-NEXT: cvt.rn.bf16.f32
; CHECK-NEXT: st.global.b16
