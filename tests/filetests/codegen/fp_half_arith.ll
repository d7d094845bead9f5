; half arithmetic in .b16 registers with .f16 instructions; half immediates are moved into registers; half
; division goes through f32; fptrunc/fpext use cvt.rn.f16.f32 / cvt.f32.f16.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @half_ops(ptr %out, half %a, half %b, float %c) {
  %add = fadd half %a, %b
  %mul = fmul half %add, 0xH3C00
  %sub = fsub half %mul, %b
  %neg = fneg half %sub
  %div = fdiv half %neg, %a
  %t = fptrunc float %c to half
  %s = fadd half %div, %t
  store half %s, ptr %out
  %e = fpext half %s to float
  %p = getelementptr float, ptr %out, i64 1
  store float %e, ptr %p
  %lt = fcmp olt half %a, %b
  %z = zext i1 %lt to i32
  %p2 = getelementptr i32, ptr %out, i64 2
  store i32 %z, ptr %p2
  ret void
}

; CHECK-LABEL: .visible .entry half_ops(
; CHECK: ld.param.b16 {{%rs[0-9]+}}, [half_ops_param_1];
; CHECK: add.rn.f16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: mov.b16 {{%rs[0-9]+}}, 15360;
; CHECK-NEXT: mul.rn.f16
; CHECK-NEXT: sub.rn.f16
; CHECK-NEXT: neg.f16
; CHECK-NEXT: cvt.f32.f16
; CHECK-NEXT: cvt.f32.f16
; CHECK-NEXT: div.rn.f32
; CHECK-NEXT: cvt.rn.f16.f32
; CHECK-NEXT: cvt.rn.f16.f32
; CHECK-NEXT: add.rn.f16
; CHECK-NEXT: st.global.b16
; CHECK-NEXT: cvt.f32.f16
; CHECK-NEXT: st.global.f32
; CHECK-NEXT: setp.lt.f16
