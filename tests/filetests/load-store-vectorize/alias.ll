; Safety: a store between two loads that may write their bytes blocks the merge (an unrelated pointer `%q`
; may alias `%p`); one to the same base at bytes the chain does not cover does not (@nooverlap), nor one to another
; specific address space (@shared_store: shared memory never aliases global memory); a store to the same base over
; the chain's second element does (@overlap); a barrier between the loads ends the group (@barrier). Stores are
; not moved down past a load of their bytes (@store_load).
; RUN: opt %s --passes load-store-vectorize

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [64 x float] undef, align 16

define ptx_kernel void @mayalias(ptr addrspace(1) align 8 %p, ptr addrspace(1) %q, ptr addrspace(1) %out) {
  %v0 = load float, ptr addrspace(1) %p, align 8
  store float 1.0, ptr addrspace(1) %q, align 4
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %s = fadd float %v0, %v1
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @nooverlap(ptr addrspace(1) align 8 %p, ptr addrspace(1) %out) {
  %v0 = load float, ptr addrspace(1) %p, align 8
  %p3 = getelementptr inbounds float, ptr addrspace(1) %p, i64 3
  store float 1.0, ptr addrspace(1) %p3, align 4
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %s = fadd float %v0, %v1
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @shared_store(ptr addrspace(1) align 8 %p, ptr addrspace(1) %out) {
  %v0 = load float, ptr addrspace(1) %p, align 8
  store float 1.0, ptr addrspace(3) @sh, align 4
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %s = fadd float %v0, %v1
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @overlap(ptr addrspace(1) align 8 %p, ptr addrspace(1) %out) {
  %v0 = load float, ptr addrspace(1) %p, align 8
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  store float 1.0, ptr addrspace(1) %p1, align 4
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %s = fadd float %v0, %v1
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @barrier(ptr addrspace(3) align 8 %p, ptr addrspace(1) %out) {
  %v0 = load float, ptr addrspace(3) %p, align 8
  call void @llvm.nvvm.barrier0()
  %p1 = getelementptr inbounds float, ptr addrspace(3) %p, i64 1
  %v1 = load float, ptr addrspace(3) %p1, align 4
  %s = fadd float %v0, %v1
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @store_load(ptr addrspace(1) align 8 %p, ptr addrspace(1) %out) {
  store float 1.0, ptr addrspace(1) %p, align 8
  %v = load float, ptr addrspace(1) %p, align 8
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  store float 2.0, ptr addrspace(1) %p1, align 4
  store float %v, ptr addrspace(1) %out, align 4
  ret void
}

declare void @llvm.nvvm.barrier0() #0

attributes #0 = { convergent nocallback nounwind }

; CHECK-LABEL: define ptx_kernel void @mayalias(
; CHECK-NOT: <2 x float>
; CHECK: ret void
; CHECK-LABEL: define ptx_kernel void @nooverlap(
; CHECK: load <2 x float>, ptr addrspace(1) %p, align 8
; CHECK-NEXT: %v0 = extractelement <2 x float>
; CHECK-NEXT: %v1 = extractelement <2 x float>
; CHECK: store float 1.000000e+00, ptr addrspace(1) %p3
; CHECK: ret void
; CHECK-LABEL: define ptx_kernel void @shared_store(
; CHECK: load <2 x float>, ptr addrspace(1) %p, align 8
; CHECK: ret void
; CHECK-LABEL: define ptx_kernel void @overlap(
; CHECK-NOT: <2 x float>
; CHECK: ret void
; CHECK-LABEL: define ptx_kernel void @barrier(
; CHECK-NOT: <2 x float>
; CHECK: ret void
; CHECK-LABEL: define ptx_kernel void @store_load(
; CHECK-NOT: <2 x float>
; CHECK: ret void
