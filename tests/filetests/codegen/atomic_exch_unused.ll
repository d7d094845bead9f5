; An atomic read-modify-write whose old value nobody reads becomes a `red`, except an exchange: PTX's `red` has no
; `.exch` (ptxas: "Illegal operation '.exch' for instruction 'red'"), so it stays an `atom.exch` (HeCBench's
; linearprobing hash-table insert writes its value with an unused atomicExch).
; RUN: compile %s --mcpu sm_80

define ptx_kernel void @k(ptr addrspace(1) %p) {
  %a = atomicrmw xchg ptr addrspace(1) %p, i32 7 monotonic, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i64 1
  %b = atomicrmw add ptr addrspace(1) %q, i32 1 monotonic, align 4
  %r = getelementptr inbounds i64, ptr addrspace(1) %p, i64 1
  %c = atomicrmw xchg ptr addrspace(1) %r, i64 9 monotonic, align 8
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK: atom.relaxed.sys.global.exch.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], 7;
; CHECK: red.relaxed.sys.global.add.u32 [{{%rd[0-9]+}}+4], 1;
; CHECK: atom.relaxed.sys.global.exch.b64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}+8], 9;
