; Device-function calls use the .param ABI: a { // callseq } block declaring param<N>/retval0, st.param before
; and ld.param after the call; i8/i16/i1 scalars are widened to .b32, the callee reads them with ld.param.b32 and
; returns through func_retval0. Floats are declared .b32/.b64 (as llc does) but read and written as .f32/.f64
; straight from/to their float registers (immediates included), with no mov.b32 through an integer register.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define i16 @narrow(i8 %a, i16 %b, i1 %c, float %f, double %d) noinline {
  %a16 = zext i8 %a to i16
  %s = add i16 %a16, %b
  %fi = fptosi float %f to i16
  %di = fptosi double %d to i16
  %t = add i16 %s, %fi
  %u = add i16 %t, %di
  %r = select i1 %c, i16 %u, i16 %b
  ret i16 %r
}

define ptx_kernel void @caller(ptr %out, i8 %a, i16 %b) {
  %c = icmp eq i8 %a, 0
  %r = call i16 @narrow(i8 %a, i16 %b, i1 %c, float 1.5, double 2.0)
  store i16 %r, ptr %out
  ret void
}

; CHECK-LABEL: .visible .func (.param .b32 func_retval0) narrow(
; CHECK-NEXT: .param .b32 narrow_param_0,
; CHECK-NEXT: .param .b32 narrow_param_1,
; CHECK-NEXT: .param .b32 narrow_param_2,
; CHECK-NEXT: .param .b32 narrow_param_3,
; CHECK-NEXT: .param .b64 narrow_param_4
; CHECK: ld.param.b32 {{%r[0-9]+}}, [narrow_param_0];
; CHECK-NEXT: cvt.u16.u32 {{%rs[0-9]+}}, {{%r[0-9]+}};
; CHECK: ld.param.f32 {{%f[0-9]+}}, [narrow_param_3];
; CHECK-NEXT: ld.param.f64 {{%fd[0-9]+}}, [narrow_param_4];
; CHECK: cvt.u32.u16 {{%r[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: st.param.b32 [func_retval0], {{%r[0-9]+}};
; CHECK-NEXT: ret;

; CHECK-LABEL: .visible .entry caller(
; The i16 parameter only widened for the call is loaded straight into a 32-bit register (extending load).
; CHECK: ld.param.u16 [[W:%r[0-9]+]], [caller_param_2];
; CHECK: { // callseq 0, 0
; CHECK-NEXT: .param .b32 param0;
; CHECK-NEXT: cvt.u32.u16
; CHECK-NEXT: st.param.b32 [param0], {{%r[0-9]+}};
; CHECK-NEXT: .param .b32 param1;
; CHECK-NEXT: st.param.b32 [param1], [[W]];
; CHECK-NEXT: .param .b32 param2;
; CHECK-NEXT: selp.u32 {{%r[0-9]+}}, 1, 0, {{%p[0-9]+}};
; CHECK-NEXT: st.param.b32 [param2], {{%r[0-9]+}};
; CHECK-NEXT: .param .b32 param3;
; CHECK-NEXT: st.param.f32 [param3], 0f3FC00000;
; CHECK-NEXT: .param .b64 param4;
; CHECK-NEXT: st.param.f64 [param4], 0d4000000000000000;
; CHECK-NEXT: .param .b32 retval0;
; CHECK-NEXT: call.uni (retval0), narrow, (param0, param1, param2, param3, param4);
; CHECK-NEXT: ld.param.b32 {{%r[0-9]+}}, [retval0];
; CHECK-NEXT: cvt.u16.u32
; CHECK-NEXT: } // callseq 0
