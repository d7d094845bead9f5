; An indirect call declares a .callprototype in the function prologue and calls through the register holding the
; (generic) function address: call (retval0), %rd, (param0), prototype_N.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define float @twice(float %x) noinline {
  %r = fmul float %x, 2.0
  ret float %r
}

define float @square(float %x) noinline {
  %r = fmul float %x, %x
  ret float %r
}

define ptx_kernel void @dispatch(ptr %out, i32 %which, float %x) {
  %c = icmp eq i32 %which, 0
  %fp = select i1 %c, ptr @twice, ptr @square
  %r = call float %fp(float %x)
  store float %r, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry dispatch(
; CHECK: prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);
; CHECK: mov.u64 {{%rd[0-9]+}}, twice;
; CHECK-NEXT: mov.u64 {{%rd[0-9]+}}, square;
; CHECK-NEXT: selp.b64 {{%rd[0-9]+}}
; CHECK: { // callseq 0, 0
; CHECK-NEXT: .param .b32 param0;
; CHECK-NEXT: st.param.f32 [param0], {{%f[0-9]+}};
; CHECK-NEXT: .param .b32 retval0;
; CHECK-NEXT: call (retval0), {{%rd[0-9]+}}, (param0), prototype_0;
; CHECK-NEXT: ld.param.f32 {{%f[0-9]+}}, [retval0];
