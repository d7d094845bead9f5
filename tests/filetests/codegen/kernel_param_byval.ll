; A byval struct kernel parameter whose address is only loaded from is read in place with ld.param at field
; offsets (no copy); the parameter is declared as an aligned byte array.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P = type { float, i32, double }

define ptx_kernel void @byval(ptr %out, ptr byval(%struct.P) align 8 %p) {
  %f = load float, ptr %p, align 8
  %pi = getelementptr inbounds %struct.P, ptr %p, i64 0, i32 1
  %i = load i32, ptr %pi, align 4
  %pd = getelementptr inbounds %struct.P, ptr %p, i64 0, i32 2
  %d = load double, ptr %pd, align 8
  %fi = sitofp i32 %i to float
  %s = fadd float %f, %fi
  %sd = fpext float %s to double
  %r = fmul double %sd, %d
  store double %r, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry byval(
; CHECK: .param .align 8 .b8 byval_param_1[16]
; CHECK-NOT: __local_depot
; CHECK: ld.param.f32 {{%f[0-9]+}}, [byval_param_1];
; CHECK-NEXT: ld.param.u32 {{%r[0-9]+}}, [byval_param_1+4];
; CHECK-NEXT: ld.param.f64 {{%fd[0-9]+}}, [byval_param_1+8];
