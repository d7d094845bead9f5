; cuda-atomics=auto (the default): the module's llvm.ident names clang 19, which wrote CUDA's relaxed atomicAdd and
; atomicCAS (the __nvvm_atom builtins) as seq_cst system-scope atomicrmw/cmpxchg (LLVM PR 185822 changed that in
; clang 23): they lower as relaxed device-scope atoms, as llc-19 and nvcc emit them. A seq_cst fence keeps its
; meaning, and so do scoped atomics. The same code without llvm.ident, or from clang 23, keeps seq_cst:
; cuda_atomics_exact.ll.
; RUN: compile %s --mcpu sm_80

define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %out) {
  %old = atomicrmw add ptr addrspace(1) %p, i32 1 seq_cst, align 4
  store i32 %old, ptr addrspace(1) %out
  %pair = cmpxchg ptr addrspace(1) %p, i32 4, i32 5 seq_cst seq_cst, align 4
  %v = extractvalue { i32, i1 } %pair, 0
  store i32 %v, ptr addrspace(1) %out
  fence seq_cst
  %blk = atomicrmw add ptr addrspace(1) %p, i32 3 syncscope("block") seq_cst, align 4
  store i32 %blk, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK-NOT: fence.sc.sys
; CHECK: atom.global.add.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], 1;
; CHECK: atom.global.cas.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], 4, 5;
; CHECK: fence.sc.sys;
; CHECK: fence.sc.cta;
; CHECK-NEXT: atom.acq_rel.cta.global.add.u32

!llvm.ident = !{!0}
!0 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
