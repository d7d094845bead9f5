; bitcast between same-size int and float registers is mov.b32/mov.b64; <2 x half> <-> i32 packs and unpacks
; with mov.b32 {lo, hi}; <2 x i16> <-> float likewise.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bitcasts(ptr %out, float %f, i64 %l, i32 %packed) {
  %i = bitcast float %f to i32
  %d = bitcast i64 %l to double
  %h2 = bitcast i32 %packed to <2 x half>
  %lo = extractelement <2 x half> %h2, i32 0
  %hi = extractelement <2 x half> %h2, i32 1
  %sum = fadd half %lo, %hi
  %v = insertelement <2 x half> %h2, half %sum, i32 1
  %back = bitcast <2 x half> %v to i32
  %x = xor i32 %i, %back
  %g = bitcast i32 %x to float
  store float %g, ptr %out
  %pd = getelementptr double, ptr %out, i64 1
  store double %d, ptr %pd
  %s2 = bitcast float %f to <2 x i16>
  %e = extractelement <2 x i16> %s2, i32 1
  %ph = getelementptr i16, ptr %out, i64 8
  store i16 %e, ptr %ph
  ret void
}

; CHECK-LABEL: .visible .entry bitcasts(
; CHECK: mov.b32 {{%r[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: mov.b64 {{%fd[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: mov.b32 {{\{%rs[0-9]+}}, {{%rs[0-9]+}}}, {{%r[0-9]+}};
; CHECK-NEXT: add.rn.f16
; CHECK-NEXT: mov.b32 {{%r[0-9]+}}, {{\{%rs[0-9]+}}, {{%rs[0-9]+}}};
; CHECK-NEXT: xor.b32
; CHECK-NEXT: mov.b32 {{%f[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: st.global.f32
; CHECK-NEXT: st.global.f64
; CHECK-NEXT: mov.b32 {{\{%rs[0-9]+}}, {{%rs[0-9]+}}}, {{%f[0-9]+}};
; CHECK-NEXT: st.global.u16 [{{%rd[0-9]+}}+16]
