; select lowers to selp.<type> for every register class; a constant operand stays an immediate; pointer selects
; merge spaces (both global here, so the selected address stays global).
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @selects(ptr %out, ptr %other, i32 %a, i32 %b, i16 %h, i64 %l, float %f, double %d) {
  %c = icmp slt i32 %a, %b
  %s32 = select i1 %c, i32 %a, i32 17
  %s16 = select i1 %c, i16 %h, i16 3
  %s64 = select i1 %c, i64 %l, i64 -5
  %sf = select i1 %c, float %f, float 1.0
  %sd = select i1 %c, double %d, double 0.0
  %sp = select i1 %c, ptr %out, ptr %other
  store i32 %s32, ptr %sp
  %p1 = getelementptr i8, ptr %sp, i64 4
  store i16 %s16, ptr %p1
  %p2 = getelementptr i8, ptr %sp, i64 8
  store i64 %s64, ptr %p2
  %p3 = getelementptr i8, ptr %sp, i64 16
  store float %sf, ptr %p3
  %p4 = getelementptr i8, ptr %sp, i64 24
  store double %sd, ptr %p4
  ret void
}

; CHECK-LABEL: .visible .entry selects(
; CHECK: setp.lt.s32 {{%p[0-9]+}}
; CHECK-NEXT: selp.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 17, {{%p[0-9]+}};
; CHECK-NEXT: selp.b16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 3, {{%p[0-9]+}};
; CHECK-NEXT: selp.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, -5, {{%p[0-9]+}};
; CHECK-NEXT: selp.f32 {{%f[0-9]+}}, {{%f[0-9]+}}, 0f3F800000, {{%p[0-9]+}};
; CHECK-NEXT: selp.f64 {{%fd[0-9]+}}, {{%fd[0-9]+}}, 0d0000000000000000, {{%p[0-9]+}};
; CHECK-NEXT: selp.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%p[0-9]+}};
; CHECK-NEXT: st.global.u32 [{{%rd[0-9]+}}], {{%r[0-9]+}};
; CHECK-NEXT: st.global.u16 [{{%rd[0-9]+}}+4]
; CHECK-NEXT: st.global.u64 [{{%rd[0-9]+}}+8]
; CHECK-NEXT: st.global.f32 [{{%rd[0-9]+}}+16]
; CHECK-NEXT: st.global.f64 [{{%rd[0-9]+}}+24]
