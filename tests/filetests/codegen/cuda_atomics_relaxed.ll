; clang encodes CUDA's atomicAdd as a seq_cst system-scope atomicrmw. --knob cuda-atomics=relaxed lowers it as CUDA
; defines atomicAdd: a relaxed device-scope atom, what nvcc and llc-19 emit (the default `auto` does so for modules a
; clang older than 23 made: cuda_atomics_auto.ll). Orderings other than seq_cst, and scoped atomics, are unchanged.
; RUN: compile %s --mcpu sm_80 --knob cuda-atomics=relaxed

define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %out) {
  %old = atomicrmw add ptr addrspace(1) %p, i32 1 seq_cst, align 4
  store i32 %old, ptr addrspace(1) %out
  %unused = atomicrmw add ptr addrspace(1) %p, i32 2 seq_cst, align 4
  %blk = atomicrmw add ptr addrspace(1) %p, i32 3 syncscope("block") seq_cst, align 4
  store i32 %blk, ptr addrspace(1) %out
  ret void
}

; CHECK-NOT: fence.sc.sys
; CHECK: atom.global.add.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], 1;
; CHECK: red.global.add.u32 [{{%rd[0-9]+}}], 2;
; CHECK: fence.sc.cta;
; CHECK-NEXT: atom.acq_rel.cta.global.add.u32
