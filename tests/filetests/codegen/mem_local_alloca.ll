; Static allocas live in the local depot __local_depotN (N = function index): %SPL holds its local address and
; accesses are ld.local / st.local with constant offsets folded; an alloca whose address escapes as a generic
; pointer (passed to a call) is converted with cvta.local at that use.
; (combine is off: this test pins the mul.wide + add shape instruction selection gives.)
; RUN: compile %s --mcpu sm_80 --disable-pass combine

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @use(ptr %p) noinline {
  store double 0.0, ptr %p, align 8
  ret void
}

define ptx_kernel void @locals(ptr %out, i32 %i) {
  %arr = alloca [8 x i32], align 4
  %x = alloca double, align 8
  %e = getelementptr inbounds [8 x i32], ptr %arr, i32 0, i32 %i
  store i32 %i, ptr %e, align 4
  %first = getelementptr inbounds [8 x i32], ptr %arr, i32 0, i32 2
  %v = load i32, ptr %first, align 4
  store double 1.0, ptr %x, align 8
  call void @use(ptr %x)
  store i32 %v, ptr %out, align 4
  ret void
}

; CHECK-LABEL: .visible .entry locals(
; CHECK: .local .align 8 .b8 __local_depot1[40];
; CHECK-NEXT: .reg .b64 %SP;
; CHECK-NEXT: .reg .b64 %SPL;
; CHECK: mov.u64 %SPL, __local_depot1;
; CHECK: add.u64 {{%rd[0-9]+}}, %SPL, 0;
; CHECK-NEXT: add.u64 {{%rd[0-9]+}}, %SPL, 32;
; CHECK-NEXT: mul.wide.s32
; CHECK-NEXT: add.s64
; CHECK-NEXT: st.local.u32 [{{%rd[0-9]+}}], {{%r[0-9]+}};
; CHECK-NEXT: ld.local.u32 {{%r[0-9]+}}, [%SPL+8];
; CHECK-NEXT: st.local.f64 [%SPL+32], 0d3FF0000000000000;
; CHECK: .param .b64 param0;
; CHECK-NEXT: cvta.local.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: st.param.b64 [param0], {{%rd[0-9]+}};
; CHECK-NEXT: call.uni use, (param0);
