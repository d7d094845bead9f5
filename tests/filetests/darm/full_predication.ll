; Full predication of an unaligned store (seed 001 §4.4, the "extra load"): in @same_address the `then` side
; stores to %pi and %pj, the `else` side to %pj only. The aligned stores meld with a select of the addresses; the
; unaligned `store %t1, %pj` would need a guard, but the `else` side stores to that same address (%pj, defined
; before the branch), so the `else` threads may load %pj and store its value back: `load` + `select` on the
; divergent condition + `store`, no guard. Only that makes the meld profitable (with darm-full-predication=0 the
; guarded meld is refused by the estimate). In @other_address the unaligned store's address %pk is not accessed
; by the `else` side: the `else` threads must not touch it (it may not be theirs to write, or race with another
; thread), so the store stays guarded.
; RUN: opt %s --passes darm --knob darm-report=1 --knob darm-run-once=1 --verify-each
; ERR: remark: darm: @same_address: %entry: melded: 5 aligned, 1 unaligned in 0 guarded runs, 3 selects, 0 phi pairs, 1 stores predicated
; ERR: remark: darm: @other_address: %entry: melded: 7 aligned, 1 unaligned in 1 guarded runs, 2 selects, 0 phi pairs
; CHECK-LABEL: define ptx_kernel void @same_address(
; CHECK: %darm.sel.1 = select i1 %c, ptr addrspace(1) %pi, ptr addrspace(1) %pj
; CHECK-NEXT: store i32 %t4, ptr addrspace(1) %darm.sel.1, align 4
; CHECK-NEXT: %darm.old = load i32, ptr addrspace(1) %pj, align 4
; CHECK-NEXT: %darm.sel.2 = select i1 %c, i32 %t1, i32 %darm.old
; CHECK-NEXT: store i32 %darm.sel.2, ptr addrspace(1) %pj, align 4
; CHECK-NEXT: ret void
; CHECK-LABEL: define ptx_kernel void @other_address(
; CHECK: store i32 %t6, ptr addrspace(1) %darm.sel.1, align 4
; CHECK-NEXT: br i1 %c, label %darm.then, label %darm.join
; CHECK-EMPTY:
; CHECK-NEXT: darm.then:
; CHECK-NEXT: store i32 %t1, ptr addrspace(1) %pk, align 4
; CHECK-NOT: %darm.old
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

define ptx_kernel void @other_address(ptr addrspace(1) %q, ptr addrspace(1) %out, i32 %i, i32 %j, i32 %k) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pq = getelementptr inbounds i32, ptr addrspace(1) %q, i32 %tid
  %pi = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  %pj = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %j
  %pk = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %k
  %bit = and i32 %tid, 1
  %c = icmp eq i32 %bit, 0
  br i1 %c, label %then, label %else
then:
  %t1 = load i32, ptr addrspace(1) %pq, align 4
  %t2 = mul i32 %t1, 3
  %t3 = add i32 %t2, 7
  %t4 = xor i32 %t3, 5
  %t5 = shl i32 %t4, 2
  %t6 = or i32 %t5, 1
  store i32 %t6, ptr addrspace(1) %pi, align 4
  store i32 %t1, ptr addrspace(1) %pk, align 4
  br label %join
else:
  %e1 = load i32, ptr addrspace(1) %pq, align 4
  %e2 = mul i32 %e1, 5
  %e3 = add i32 %e2, 7
  %e4 = xor i32 %e3, 5
  %e5 = shl i32 %e4, 2
  %e6 = or i32 %e5, 1
  store i32 %e6, ptr addrspace(1) %pj, align 4
  br label %join
join:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
