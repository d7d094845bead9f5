; Aggregate returns come back in a .param byte array (func_retval0 / retval0) stored and loaded leaf by leaf;
; byval arguments are copied from the pointee into an aligned .param byte array, and the callee reads its byval
; parameter in place with ld.param.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%pair = type { i32, float }
%big = type { i64, i64 }

define %pair @make(i32 %a) noinline {
  %f = sitofp i32 %a to float
  %p0 = insertvalue %pair undef, i32 %a, 0
  %p1 = insertvalue %pair %p0, float %f, 1
  ret %pair %p1
}

define i64 @sum(ptr byval(%big) align 8 %b) noinline {
  %x = load i64, ptr %b, align 8
  %py = getelementptr inbounds %big, ptr %b, i64 0, i32 1
  %y = load i64, ptr %py, align 8
  %s = add i64 %x, %y
  ret i64 %s
}

define ptx_kernel void @caller(ptr %out, ptr %in) {
  %p = call %pair @make(i32 7)
  %i = extractvalue %pair %p, 0
  %f = extractvalue %pair %p, 1
  store i32 %i, ptr %out
  %po = getelementptr inbounds float, ptr %out, i64 1
  store float %f, ptr %po
  %s = call i64 @sum(ptr byval(%big) align 8 %in)
  %ps = getelementptr inbounds i64, ptr %out, i64 1
  store i64 %s, ptr %ps
  ret void
}

; CHECK-LABEL: .visible .func (.param .align 4 .b8 func_retval0[8]) make(
; CHECK: st.param.b32 [func_retval0], {{%r[0-9]+}};
; CHECK-NEXT: st.param.f32 [func_retval0+4], {{%f[0-9]+}};
; CHECK-NEXT: ret;

; CHECK-LABEL: .visible .func (.param .b64 func_retval0) sum(
; CHECK-NEXT: .param .align 8 .b8 sum_param_0[16]
; CHECK-NOT: __local_depot
; CHECK: ld.param.u64 {{%rd[0-9]+}}, [sum_param_0];
; CHECK-NEXT: ld.param.u64 {{%rd[0-9]+}}, [sum_param_0+8];

; CHECK-LABEL: .visible .entry caller(
; CHECK: st.param.b32 [param0], 7;
; CHECK-NEXT: .param .align 4 .b8 retval0[8];
; CHECK-NEXT: call.uni (retval0), make, (param0);
; CHECK-NEXT: ld.param.u32 {{%r[0-9]+}}, [retval0];
; CHECK-NEXT: ld.param.f32 {{%f[0-9]+}}, [retval0+4];
; CHECK: { // callseq 1, 0
; CHECK-NEXT: .param .align 8 .b8 param0[16];
; CHECK-NEXT: ld.global.b64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}];
; CHECK-NEXT: st.param.b64 [param0], {{%rd[0-9]+}};
; CHECK-NEXT: ld.global.b64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}+8];
; CHECK-NEXT: st.param.b64 [param0+8], {{%rd[0-9]+}};
; CHECK-NEXT: .param .b64 retval0;
; CHECK-NEXT: call.uni (retval0), sum, (param0);
