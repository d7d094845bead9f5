; A volatile access to a local (alloca) object goes through its generic address: `ld.volatile.local` and
; `st.volatile.local` need PTX ISA 9.1 (ptxas rejects them for the ISA versions simtc declares), while the generic
; `ld.volatile`/`st.volatile` keep the access, as llc writes it. Plain local accesses stay `.local`.
; RUN: compile %s --mcpu sm_90 -O0

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %a = alloca [4 x i32], align 4
  %w = zext i32 %i to i64
  %p = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 %w
  store volatile i32 7, ptr %p, align 4
  %v = load volatile i32, ptr %p, align 4
  store i32 %v, ptr %a, align 4
  %u = load i32, ptr %a, align 4
  %s = add i32 %u, %v
  store i32 %s, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .visible .entry k(
; CHECK: cvta.local.u64 [[G:%rd[0-9]+]],
; CHECK-NEXT: st.volatile.u32 [[[G]]], 7;
; CHECK: cvta.local.u64 [[H:%rd[0-9]+]],
; CHECK-NEXT: ld.volatile.u32 {{%r[0-9]+}}, [[[H]]];
; CHECK: st.local.u32
; CHECK: ld.local.u32
; CHECK-NOT: volatile.local
