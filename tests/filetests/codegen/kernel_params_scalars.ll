; Kernel scalar parameters are declared in their own width (.u8/.u16/.u32/.u64/.f32/.f64) and read with
; ld.param of that type; i1 is a byte tested with and/setp. A narrow parameter only read widened is loaded
; straight into the wide register, extended per the widening (zext i8: ld.param.u8, sext i16: ld.param.s16).
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @scalars(ptr %out, i8 %a, i16 %b, i32 %c, i64 %d, float %e, double %f, i1 %g) {
  %a32 = zext i8 %a to i32
  %b32 = sext i16 %b to i32
  %s1 = add i32 %a32, %b32
  %s2 = add i32 %s1, %c
  %s64 = sext i32 %s2 to i64
  %s3 = add i64 %s64, %d
  %fe = fpext float %e to double
  %fs = fadd double %fe, %f
  %fi = fptosi double %fs to i64
  %s4 = add i64 %s3, %fi
  %s5 = select i1 %g, i64 %s4, i64 0
  store i64 %s5, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry scalars(
; CHECK-NEXT: .param .u64 scalars_param_0,
; CHECK-NEXT: .param .u8 scalars_param_1,
; CHECK-NEXT: .param .u16 scalars_param_2,
; CHECK-NEXT: .param .u32 scalars_param_3,
; CHECK-NEXT: .param .u64 scalars_param_4,
; CHECK-NEXT: .param .f32 scalars_param_5,
; CHECK-NEXT: .param .f64 scalars_param_6,
; CHECK-NEXT: .param .u8 scalars_param_7
; CHECK-NEXT: )
; CHECK: ld.param.u8 {{%r[0-9]+}}, [scalars_param_1];
; CHECK-NEXT: ld.param.s16 {{%r[0-9]+}}, [scalars_param_2];
; CHECK-NEXT: ld.param.u32 {{%r[0-9]+}}, [scalars_param_3];
; CHECK-NEXT: ld.param.u64 {{%rd[0-9]+}}, [scalars_param_4];
; CHECK-NEXT: ld.param.f32 {{%f[0-9]+}}, [scalars_param_5];
; CHECK-NEXT: ld.param.f64 {{%fd[0-9]+}}, [scalars_param_6];
; CHECK-NEXT: ld.param.u8 {{%rs[0-9]+}}, [scalars_param_7];
; CHECK-NEXT: and.b16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 1;
; CHECK-NEXT: setp.eq.b16 {{%p[0-9]+}}, {{%rs[0-9]+}}, 1;
