; f64 arithmetic in %fd registers; double immediates print as 0dXXXXXXXXXXXXXXXX.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @f64_ops(ptr %out, double %a, double %b) {
  %add = fadd double %a, %b
  %sub = fsub double %add, 2.5
  %mul = fmul double %sub, %b
  %div = fdiv double %mul, %a
  %neg = fneg double %div
  %rem = frem double %neg, %b
  store double %rem, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry f64_ops(
; CHECK: ld.param.f64 {{%fd[0-9]+}}, [f64_ops_param_1];
; CHECK: add.rn.f64
; CHECK-NEXT: sub.rn.f64 {{%fd[0-9]+}}, {{%fd[0-9]+}}, 0d4004000000000000;
; CHECK-NEXT: mul.rn.f64
; CHECK-NEXT: div.rn.f64
; CHECK-NEXT: neg.f64
; CHECK-NEXT: div.rn.f64
; CHECK-NEXT: cvt.rzi.f64.f64
; CHECK-NEXT: mul.rn.f64
; CHECK-NEXT: sub.rn.f64
; CHECK-NEXT: st.global.f64
