; Orderings and scopes of atomicrmw: system scope .sys, "block" .cta, "device" .gpu; acquire/release/acq_rel
; map to the same semantics and seq_cst to fence.sc + .acq_rel. An RMW whose result is unused and whose ordering
; is relaxed or release is a red (reduction) instead of an atom. Shared memory atomics use .shared.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@counter = internal addrspace(3) global i32 0, align 4

define ptx_kernel void @scopes(ptr %p, ptr %out) {
  %a = atomicrmw add ptr %p, i32 1 monotonic
  %b = atomicrmw add ptr %p, i32 %a syncscope("block") acquire
  %c = atomicrmw add ptr %p, i32 %b syncscope("device") release
  %d = atomicrmw add ptr %p, i32 %c syncscope("device") acq_rel
  %e = atomicrmw add ptr %p, i32 %d seq_cst
  atomicrmw add ptr %p, i32 %e syncscope("device") monotonic
  atomicrmw or ptr %p, i32 3 syncscope("block") release
  %s = atomicrmw add ptr addrspace(3) @counter, i32 1 syncscope("block") monotonic
  atomicrmw max ptr addrspace(3) @counter, i32 %s syncscope("block") monotonic
  store i32 %e, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry scopes(
; CHECK: atom.relaxed.sys.global.add.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], 1;
; CHECK-NEXT: atom.acquire.cta.global.add.u32
; CHECK-NEXT: atom.release.gpu.global.add.u32
; CHECK-NEXT: atom.acq_rel.gpu.global.add.u32
; CHECK-NEXT: fence.sc.sys;
; CHECK-NEXT: atom.acq_rel.sys.global.add.u32
; CHECK-NEXT: red.relaxed.gpu.global.add.u32 [{{%rd[0-9]+}}], {{%r[0-9]+}};
; CHECK-NEXT: red.release.cta.global.or.b32 [{{%rd[0-9]+}}], 3;
; CHECK-NEXT: atom.relaxed.cta.shared.add.u32 {{%r[0-9]+}}, [counter], 1;
; CHECK-NEXT: red.relaxed.cta.shared.max.s32 [counter], {{%r[0-9]+}};
