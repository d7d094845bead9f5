; Vector loads/stores aligned to their full size use ld.v2/ld.v4/st.v2/st.v4 with a {...} register list;
; <2 x double> is .v2.f64, <4 x i32> .v4.u32, <2 x float> .v2.f32, <4 x half> .v4.b16.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @vec(ptr %a, ptr %b) {
  %v4 = load <4 x i32>, ptr %a, align 16
  %pd = getelementptr inbounds i8, ptr %a, i64 16
  %v2d = load <2 x double>, ptr %pd, align 16
  %pf = getelementptr inbounds i8, ptr %a, i64 32
  %v2f = load <2 x float>, ptr %pf, align 8
  %ph = getelementptr inbounds i8, ptr %a, i64 40
  %v4h = load <4 x half>, ptr %ph, align 8
  %w4 = add <4 x i32> %v4, <i32 1, i32 2, i32 3, i32 4>
  store <4 x i32> %w4, ptr %b, align 16
  %qd = getelementptr inbounds i8, ptr %b, i64 16
  store <2 x double> %v2d, ptr %qd, align 16
  %qf = getelementptr inbounds i8, ptr %b, i64 32
  %w2f = fmul <2 x float> %v2f, %v2f
  store <2 x float> %w2f, ptr %qf, align 8
  %qh = getelementptr inbounds i8, ptr %b, i64 40
  store <4 x half> %v4h, ptr %qh, align 8
  ret void
}

; CHECK-LABEL: .visible .entry vec(
; CHECK: ld.global.v4.u32 {{\{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}, [{{%rd[0-9]+}}];
; CHECK-NEXT: ld.global.v2.f64 {{\{%fd[0-9]+}}, {{%fd[0-9]+}}}, [{{%rd[0-9]+}}+16];
; CHECK-NEXT: ld.global.v2.f32 {{\{%f[0-9]+}}, {{%f[0-9]+}}}, [{{%rd[0-9]+}}+32];
; CHECK-NEXT: ld.global.v4.b16 {{\{%rs[0-9]+}}, {{%rs[0-9]+}}, {{%rs[0-9]+}}, {{%rs[0-9]+}}}, [{{%rd[0-9]+}}+40];
; Vector arithmetic is scalarized.
; CHECK: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1;
; CHECK-NEXT: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2;
; CHECK-NEXT: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 3;
; CHECK-NEXT: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4;
; CHECK-NEXT: st.global.v4.u32 [{{%rd[0-9]+}}], {{\{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}};
; CHECK: st.global.v2.f64
; CHECK: mul.rn.f32
; CHECK-NEXT: mul.rn.f32
; CHECK: st.global.v2.f32
; CHECK: st.global.v4.b16
