; fp <-> int conversions: fptoui/fptosi round toward zero (cvt.rzi), uitofp/sitofp round to nearest (cvt.rn);
; fptrunc rounds (cvt.rn.f32.f64), fpext is exact (cvt.f64.f32); i1 sources are one selp of
; the two float constants (1.0 or -1.0 for sitofp, and 0.0).
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @fp_casts(ptr %out, float %f, double %d, i32 %i, i64 %l, i16 %h) {
  %a = fptoui float %f to i32
  %b = fptosi double %d to i64
  %c = fptosi float %f to i16
  %e = fptoui double %d to i8
  %g = uitofp i32 %i to float
  %k = sitofp i64 %l to double
  %m = sitofp i16 %h to float
  %n = uitofp i64 %l to float
  %tr = fptrunc double %d to float
  %ex = fpext float %f to double
  %p = icmp eq i32 %i, 0
  %q = uitofp i1 %p to float
  %r = sitofp i1 %p to double
  %s1 = fadd float %g, %m
  %s2 = fadd float %s1, %n
  %s3 = fadd float %s2, %tr
  %s4 = fadd float %s3, %q
  store float %s4, ptr %out
  %d1 = fadd double %k, %ex
  %d2 = fadd double %d1, %r
  %pd = getelementptr double, ptr %out, i64 1
  store double %d2, ptr %pd
  %pi = getelementptr i32, ptr %out, i64 4
  store i32 %a, ptr %pi
  %pl = getelementptr i64, ptr %out, i64 3
  store i64 %b, ptr %pl
  %ph = getelementptr i16, ptr %out, i64 16
  store i16 %c, ptr %ph
  %pb = getelementptr i8, ptr %out, i64 34
  store i8 %e, ptr %pb
  ret void
}

; CHECK-LABEL: .visible .entry fp_casts(
; CHECK: cvt.rzi.u32.f32 {{%r[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: cvt.rzi.s64.f64 {{%rd[0-9]+}}, {{%fd[0-9]+}};
; CHECK-NEXT: cvt.rzi.s16.f32 {{%rs[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: cvt.rzi.u16.f64 {{%rs[0-9]+}}, {{%fd[0-9]+}};
; CHECK-NEXT: cvt.rn.f32.u32 {{%f[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: cvt.rn.f64.s64 {{%fd[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: cvt.rn.f32.s16 {{%f[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: cvt.rn.f32.u64 {{%f[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: cvt.rn.f32.f64 {{%f[0-9]+}}, {{%fd[0-9]+}};
; CHECK-NEXT: cvt.f64.f32 {{%fd[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: setp.eq.s32
; CHECK-NEXT: selp.f32 {{%f[0-9]+}}, 0f3F800000, 0f00000000, {{%p[0-9]+}};
; CHECK-NEXT: selp.f64 {{%fd[0-9]+}}, 0dBFF0000000000000, 0d0000000000000000, {{%p[0-9]+}};
