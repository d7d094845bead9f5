; Volatile loads and stores carry .volatile (and keep their state space).
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global i32 undef, align 4

define ptx_kernel void @vol(ptr %p) {
  %a = load volatile i32, ptr %p, align 4
  %b = load volatile i32, ptr addrspace(3) @s, align 4
  %c = add i32 %a, %b
  store volatile i32 %c, ptr %p, align 4
  store volatile i32 %c, ptr addrspace(3) @s, align 4
  ret void
}

; CHECK-LABEL: .visible .entry vol(
; CHECK: ld.volatile.global.u32
; CHECK-NEXT: ld.volatile.shared.u32 {{%r[0-9]+}}, [s];
; CHECK-NEXT: add.s32
; CHECK-NEXT: st.volatile.global.u32
; CHECK-NEXT: st.volatile.shared.u32 [s],
