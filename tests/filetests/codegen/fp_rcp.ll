; fdiv 1.0, x (no fast-math flags) is the correctly rounded reciprocal: rcp.rn.f32 / rcp.rn.f64, exactly what
; div.rn computes, but ptxas expands rcp.rn with a shorter slow path (fewer registers around it). Any other
; numerator, and -1.0, stay div.rn; arcp keeps div.approx.f32.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @rcp(ptr %out, ptr %outd, float %a, double %b) {
  %r = fdiv float 1.0, %a
  store float %r, ptr %out
  %m = fdiv float -1.0, %a
  %p1 = getelementptr float, ptr %out, i64 1
  store float %m, ptr %p1
  %t = fdiv float 2.0, %a
  %p2 = getelementptr float, ptr %out, i64 2
  store float %t, ptr %p2
  %x = fdiv arcp float 1.0, %a
  %p3 = getelementptr float, ptr %out, i64 3
  store float %x, ptr %p3
  %d = fdiv double 1.0, %b
  store double %d, ptr %outd
  ret void
}

; CHECK-LABEL: .visible .entry rcp(
; CHECK: rcp.rn.f32 [[R:%f[0-9]+]], [[A:%f[0-9]+]];
; CHECK: st.global.f32 [{{%rd[0-9]+}}], [[R]];
; CHECK: div.rn.f32 {{%f[0-9]+}}, 0fBF800000, [[A]];
; CHECK: div.rn.f32 {{%f[0-9]+}}, 0f40000000, [[A]];
; CHECK: div.approx.f32 {{%f[0-9]+}}, 0f3F800000, [[A]];
; CHECK: rcp.rn.f64 {{%fd[0-9]+}}, {{%fd[0-9]+}};
; CHECK-NOT: rcp
