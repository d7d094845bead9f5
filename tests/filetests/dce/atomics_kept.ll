; Atomic read-modify-writes, cmpxchg and fences have effects: they stay even when their results are unused, while a dead extractvalue of the cmpxchg goes.
; RUN: opt %s --passes verify,dce

define void @f(ptr addrspace(1) %p) {
entry:
  %old = atomicrmw add ptr addrspace(1) %p, i32 1 syncscope("block") monotonic, align 4
  %pair = cmpxchg weak volatile ptr addrspace(1) %p, i32 0, i32 1 acq_rel monotonic
  %ok = extractvalue { i32, i1 } %pair, 1
  fence syncscope("device") acq_rel
  ret void
}

; CHECK-LABEL: define void @f(ptr addrspace(1) %p) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %old = atomicrmw add ptr addrspace(1) %p, i32 1 syncscope("block") monotonic, align 4
; CHECK-NEXT:   %pair = cmpxchg weak volatile ptr addrspace(1) %p, i32 0, i32 1 acq_rel monotonic
; CHECK-NOT: extractvalue
; CHECK:   fence syncscope("device") acq_rel
; CHECK-NEXT:   ret void
