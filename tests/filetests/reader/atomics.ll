; Atomics: atomicrmw with syncscope/volatile/align, cmpxchg weak volatile with two orderings, fences with scopes, atomic loads and stores.
; RUN: opt %s --passes verify

define i32 @atom(ptr addrspace(1) %p, ptr addrspace(3) %s, float %f) {
entry:
  %old = atomicrmw add ptr addrspace(1) %p, i32 1 syncscope("block") monotonic, align 4
  %m = atomicrmw volatile max ptr addrspace(3) %s, i32 %old seq_cst
  %x = atomicrmw xchg ptr addrspace(1) %p, i32 7 acquire
  %fa = atomicrmw fadd ptr addrspace(1) %p, float %f syncscope("device") release, align 4
  %pair = cmpxchg weak volatile ptr addrspace(1) %p, i32 %m, i32 %x syncscope("block") acq_rel monotonic, align 4
  %ok = extractvalue { i32, i1 } %pair, 1
  %strong = cmpxchg ptr addrspace(3) %s, i32 0, i32 1 seq_cst seq_cst
  fence syncscope("device") acq_rel
  fence seq_cst
  fence syncscope("singlethread") acquire
  %l = load atomic i32, ptr addrspace(1) %p syncscope("block") acquire, align 4
  %lv = load atomic volatile i32, ptr addrspace(3) %s monotonic, align 4
  store atomic i32 %l, ptr addrspace(1) %p release, align 4
  store atomic volatile i32 %lv, ptr addrspace(3) %s syncscope("device") seq_cst, align 4
  %r = select i1 %ok, i32 %l, i32 %lv
  ret i32 %r
}

; CHECK:   %old = atomicrmw add ptr addrspace(1) %p, i32 1 syncscope("block") monotonic, align 4
; CHECK-NEXT:   %m = atomicrmw volatile max ptr addrspace(3) %s, i32 %old seq_cst
; CHECK-NEXT:   %x = atomicrmw xchg ptr addrspace(1) %p, i32 7 acquire
; CHECK-NEXT:   %fa = atomicrmw fadd ptr addrspace(1) %p, float %f syncscope("device") release, align 4
; CHECK-NEXT:   %pair = cmpxchg weak volatile ptr addrspace(1) %p, i32 %m, i32 %x syncscope("block") acq_rel monotonic, align 4
; CHECK-NEXT:   %ok = extractvalue { i32, i1 } %pair, 1
; CHECK-NEXT:   %strong = cmpxchg ptr addrspace(3) %s, i32 0, i32 1 seq_cst seq_cst
; CHECK-NEXT:   fence syncscope("device") acq_rel
; CHECK-NEXT:   fence seq_cst
; CHECK-NEXT:   fence syncscope("singlethread") acquire
; CHECK-NEXT:   %l = load atomic i32, ptr addrspace(1) %p syncscope("block") acquire, align 4
; CHECK-NEXT:   %lv = load atomic volatile i32, ptr addrspace(3) %s monotonic, align 4
; CHECK-NEXT:   store atomic i32 %l, ptr addrspace(1) %p release, align 4
; CHECK-NEXT:   store atomic volatile i32 %lv, ptr addrspace(3) %s syncscope("device") seq_cst, align 4
