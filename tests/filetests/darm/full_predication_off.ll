; darm-full-predication=0: the unaligned store of full_predication.ll's @same_address would be guarded, and the
; estimate then finds no saving: the region is left alone.
; RUN: opt %s --passes darm --knob darm-report=1 --knob darm-full-predication=0
; ERR: remark: darm: @same_address: %entry: not melded: melded code would not issue sufficiently fewer instructions than both sides
; CHECK-NOT: darm.old
; CHECK-NOT: darm.sel
define ptx_kernel void @same_address(ptr addrspace(1) %q, ptr addrspace(1) %out, i32 %i, i32 %j) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pq = getelementptr inbounds i32, ptr addrspace(1) %q, i32 %tid
  %pi = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  %pj = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %j
  %bit = and i32 %tid, 1
  %c = icmp eq i32 %bit, 0
  br i1 %c, label %then, label %else
then:
  %t1 = load i32, ptr addrspace(1) %pq, align 4
  %t2 = mul i32 %t1, 3
  %t3 = add i32 %t2, 7
  %t4 = xor i32 %t3, 5
  store i32 %t4, ptr addrspace(1) %pi, align 4
  store i32 %t1, ptr addrspace(1) %pj, align 4
  br label %join
else:
  %e1 = load i32, ptr addrspace(1) %pq, align 4
  %e2 = mul i32 %e1, 5
  %e3 = add i32 %e2, 7
  %e4 = xor i32 %e3, 5
  store i32 %e4, ptr addrspace(1) %pj, align 4
  br label %join
join:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
