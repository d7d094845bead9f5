; A device function reads a non-escaping byval parameter in place (ld.param, also through a variable index via
; its address); when the address escapes (stored through, passed on) the parameter is copied to the local depot
; first and the copy is what gets passed on as a byval argument.
; (combine is off: this test pins the mul.wide + add shape instruction selection gives; local-forward is off: it
; would pass the copy's values on directly, as the frame does not escape the function.)
; RUN: compile %s --mcpu sm_70 --disable-pass combine --disable-pass local-forward

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%big = type { [4 x i64] }

define i64 @sum(ptr byval(%big) align 8 %b, i32 %i) noinline {
  %x = load i64, ptr %b, align 8
  %py = getelementptr inbounds [4 x i64], ptr %b, i64 0, i32 %i
  %y = load i64, ptr %py, align 8
  %s = add i64 %x, %y
  ret i64 %s
}

define i64 @esc(ptr byval(%big) align 8 %b) noinline {
  %r = call i64 @sum(ptr byval(%big) align 8 %b, i32 2)
  store i64 %r, ptr %b
  %y = load i64, ptr %b, align 8
  ret i64 %y
}

define ptx_kernel void @k(ptr %out, ptr %in) {
  %s = call i64 @esc(ptr byval(%big) align 8 %in)
  store i64 %s, ptr %out
  ret void
}

; CHECK-LABEL: .func (.param .b64 func_retval0) sum(
; CHECK-NOT: __local_depot
; CHECK: mov.u64 {{%rd[0-9]+}}, sum_param_0;
; CHECK: ld.param.u64 {{%rd[0-9]+}}, [sum_param_0];
; CHECK-NEXT: mul.wide.s32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 8;
; CHECK-NEXT: add.s64
; CHECK-NEXT: ld.param.u64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}];

; CHECK-LABEL: .func (.param .b64 func_retval0) esc(
; CHECK: .local .align 8 .b8 __local_depot1[32];
; CHECK: ld.param.b64 {{%rd[0-9]+}}, [esc_param_0];
; CHECK-NEXT: st.local.b64 [%SPL], {{%rd[0-9]+}};
; CHECK: .param .align 8 .b8 param0[32];
; CHECK-NEXT: ld.local.b64 {{%rd[0-9]+}}, [%SPL];
; CHECK-NEXT: st.param.b64 [param0], {{%rd[0-9]+}};
; CHECK: call.uni (retval0), sum, (param0, param1);
; CHECK: st.local.u64 [%SPL],
