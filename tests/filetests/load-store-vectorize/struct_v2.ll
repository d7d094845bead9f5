; Struct fields s.x, s.y (a GEP of a struct index, then constant field indices) are one `.v2` load when the
; struct is 8-byte aligned; the swapped-order stores of another struct are one `.v2` store; the loads come
; in the wrong order (y first): the vector load takes x's address, computed after y's load, from y's address.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.int2 = type { i32, i32 }

define ptx_kernel void @s2(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %i) {
  %py = getelementptr inbounds %struct.int2, ptr addrspace(1) %in, i64 %i, i32 1
  %y = load i32, ptr addrspace(1) %py, align 4
  %px = getelementptr inbounds %struct.int2, ptr addrspace(1) %in, i64 %i, i32 0
  %x = load i32, ptr addrspace(1) %px, align 8
  %s = add i32 %x, %y
  %d = sub i32 %x, %y
  %o = getelementptr inbounds %struct.int2, ptr addrspace(1) %out, i64 %i
  %oy = getelementptr inbounds i8, ptr addrspace(1) %o, i64 4
  store i32 %d, ptr addrspace(1) %oy, align 4
  store i32 %s, ptr addrspace(1) %o, align 8
  ret void
}

; A 16-byte struct of two doubles.
define ptx_kernel void @d2(ptr addrspace(1) align 16 %in, ptr addrspace(1) %out) {
  %x = load double, ptr addrspace(1) %in, align 8
  %py = getelementptr inbounds i8, ptr addrspace(1) %in, i64 8
  %y = load double, ptr addrspace(1) %py, align 8
  %s = fadd double %x, %y
  store double %s, ptr addrspace(1) %out, align 8
  ret void
}

; CHECK-LABEL: .entry s2(
; CHECK: ld.global.v2.u32
; CHECK-NOT: ld.global.u32
; CHECK: st.global.v2.u32
; CHECK-NOT: st.global.u32
; CHECK: ret;
; CHECK-LABEL: .entry d2(
; CHECK: ld.global.v2.f64
; CHECK: ret;
