; With the knob the same kernel passes the check, and the error's advice holds.
; RUN: compile %s --knob structurize=true --verify-structured
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %t, 7
  br i1 %c, label %a, label %b
a:
  %x = atomicrmw add ptr addrspace(1) %p, i32 1 monotonic
  br label %j
b:
  %y = load i32, ptr addrspace(1) %q
  %z = udiv i32 %y, %t
  store i32 %z, ptr addrspace(1) %q
  br label %j
j:
  ret void
}
; CHECK: .entry k(
; ERR-NOT: error
