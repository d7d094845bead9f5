; Unused plain loads are removed; volatile and atomic loads and every store (plain, volatile, atomic) stay.
; RUN: opt %s --passes verify,dce

define void @f(ptr addrspace(1) %p, ptr addrspace(3) %s) {
entry:
  %plain = load i32, ptr addrspace(1) %p, align 4
  %vol = load volatile i32, ptr addrspace(1) %p, align 4
  %atom = load atomic i32, ptr addrspace(3) %s monotonic, align 4
  %plain2 = load float, ptr addrspace(3) %s
  store i32 1, ptr addrspace(1) %p, align 4
  store volatile i32 2, ptr addrspace(3) %s
  store atomic i32 3, ptr addrspace(1) %p release, align 4
  ret void
}

; CHECK-LABEL: define void @f(ptr addrspace(1) %p, ptr addrspace(3) %s) {
; CHECK-NEXT: entry:
; CHECK-NOT: %plain =
; CHECK:   %vol = load volatile i32, ptr addrspace(1) %p, align 4
; CHECK-NEXT:   %atom = load atomic i32, ptr addrspace(3) %s monotonic, align 4
; CHECK-NOT: %plain2
; CHECK:   store i32 1, ptr addrspace(1) %p, align 4
; CHECK-NEXT:   store volatile i32 2, ptr addrspace(3) %s
; CHECK-NEXT:   store atomic i32 3, ptr addrspace(1) %p release, align 4
; CHECK-NEXT:   ret void
