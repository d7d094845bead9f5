; A pointer a kernel's byval parameter holds as an integer (thrust's device_ptr, read as load i64 + inttoptr)
; is a global address like a pointer loaded from it: one cvta.to.global, then ld.global/st.global (llc-19
; does the same). In a device function, or from an integer that was not loaded from the parameter, it stays
; generic.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%dptr = type { ptr }

define ptx_kernel void @k(ptr byval(%dptr) align 8 %d, i64 %raw) {
  %i = load i64, ptr %d, align 8
  %p = inttoptr i64 %i to ptr
  %v = load i32, ptr %p, align 4
  %q = getelementptr i32, ptr %p, i64 1
  store i32 %v, ptr %q, align 4
  %r = inttoptr i64 %raw to ptr
  store i32 %v, ptr %r, align 4
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK: ld.param.u64 [[I:%rd[0-9]+]], [k_param_0];
; CHECK-NEXT: cvta.to.global.u64 [[G:%rd[0-9]+]], [[I]];
; CHECK-NEXT: ld.global.u32 [[V:%r[0-9]+]], [[[G]]];
; CHECK-NEXT: st.global.u32 [[[G]]+4], [[V]];
; CHECK: st.u32 [{{%rd[0-9]+}}], [[V]];
