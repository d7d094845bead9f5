; Atomic loads/stores: monotonic -> .relaxed, acquire loads -> .acquire, release stores -> .release, seq_cst ->
; fence.sc then .acquire (load) / .relaxed (store); scopes: system .sys, "device" .gpu, "block" .cta.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @atomics(ptr %p, ptr %q) {
  %a = load atomic i32, ptr %p monotonic, align 4
  %b = load atomic i32, ptr %p syncscope("device") acquire, align 4
  %c = load atomic i32, ptr %p syncscope("block") seq_cst, align 4
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  store atomic i32 %s2, ptr %q syncscope("device") monotonic, align 4
  store atomic i32 %s1, ptr %q syncscope("block") release, align 4
  store atomic i32 %a, ptr %q seq_cst, align 4
  %f = load atomic float, ptr %q syncscope("device") acquire, align 4
  store atomic float %f, ptr %p syncscope("device") release, align 4
  ret void
}

; CHECK-LABEL: .visible .entry atomics(
; CHECK: ld.relaxed.sys.global.u32
; CHECK-NEXT: ld.acquire.gpu.global.u32
; CHECK-NEXT: fence.sc.cta;
; CHECK-NEXT: ld.acquire.cta.global.u32
; CHECK: st.relaxed.gpu.global.u32
; CHECK-NEXT: st.release.cta.global.u32
; CHECK-NEXT: fence.sc.sys;
; CHECK-NEXT: st.relaxed.sys.global.u32
; CHECK-NEXT: ld.acquire.gpu.global.f32
; CHECK-NEXT: st.release.gpu.global.f32
