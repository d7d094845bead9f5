; cuda-atomics=auto (the default) for a module clang 23 made (it writes CUDA's relaxed builtins as monotonic, so a
; seq_cst here was asked for): the PTX memory model's exact mapping, fence.sc.sys + atom.acq_rel.sys. A module
; without llvm.ident is treated the same (atomicrmw_scopes.ll, cmpxchg.ll).
; RUN: compile %s --mcpu sm_80

define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %out) {
  %old = atomicrmw add ptr addrspace(1) %p, i32 1 seq_cst, align 4
  store i32 %old, ptr addrspace(1) %out
  %pair = cmpxchg ptr addrspace(1) %p, i32 4, i32 5 seq_cst seq_cst, align 4
  %v = extractvalue { i32, i1 } %pair, 0
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK: fence.sc.sys;
; CHECK-NEXT: atom.acq_rel.sys.global.add.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], 1;
; CHECK: fence.sc.sys;
; CHECK-NEXT: atom.acq_rel.sys.global.cas.b32

!llvm.ident = !{!0}
!0 = !{!"clang version 23.0.0 (https://github.com/llvm/llvm-project)"}
