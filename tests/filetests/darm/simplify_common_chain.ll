; Definition 4's region simplification, general case: both sides (%then, %else) reach the chain %join1 ->
; %join2 before the exit, %join1 has a phi of both sides' values, and the exit's phi reads values of both common
; blocks and constants from the heads. The common blocks are split (one copy per side: phi entries, operands,
; successors and the exit's phi entries follow), the sides become isomorphic 3-block regions and meld
; region-region: the heads' loads through a select of the bases, one copy of each common block (the phi pair
; melds), the exit's phi takes a select of the heads' constants on the melded head's edge.
; RUN: opt %s --passes darm --knob darm-report=1 --knob darm-run-once=1 --knob darm-stats=1 --verify-each
; ERR: remark: darm: @k: %then: not meldable: one successor post-dominates the other
; ERR: remark: darm: @k: %entry: region-region candidate, 3x3 blocks, score 0.500: meld
; ERR: remark: darm: @k: %entry: melded: 8 aligned, 0 unaligned in 0 guarded runs, 2 selects, 1 phi pairs
; ERR: stat: darm.melded.region-region 1
; ERR: stat: darm.blocks-split 2
; CHECK: %darm.sel = select i1 %c, ptr addrspace(1) %a, ptr addrspace(1) %b
; CHECK-NEXT: %pa = getelementptr inbounds i32, ptr addrspace(1) %darm.sel, i32 %tid
; CHECK-NEXT: %xa = load i32, ptr addrspace(1) %pa, align 4
; CHECK-NEXT: %ca = icmp sgt i32 %xa, 0
; CHECK-NEXT: %darm.sel.1 = select i1 %c, i32 1, i32 2
; CHECK-NEXT: br i1 %ca, label %darm.meld, label %exit
; CHECK: darm.meld:
; CHECK: %y = mul i32
; CHECK-NEXT: %cy = icmp slt i32 %y, 100
; CHECK-NEXT: br i1 %cy, label %darm.meld.1, label %exit
; CHECK: darm.meld.1:
; CHECK-NEXT: %z = add i32 %y, 7
; CHECK: store i32 %z
; CHECK-NEXT: br label %exit
; CHECK: exit:
; CHECK-NEXT: %r = phi i32 [ %z, %darm.meld.1 ], [ %y, %darm.meld ], [ %darm.sel.1, %entry ]
; CHECK-NOT: join1
; CHECK-NOT: split
define ptx_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bit = and i32 %tid, 1
  %c = icmp ne i32 %bit, 0
  br i1 %c, label %then, label %else
then:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %tid
  %xa = load i32, ptr addrspace(1) %pa, align 4
  %ca = icmp sgt i32 %xa, 0
  br i1 %ca, label %join1, label %exit
else:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i32 %tid
  %xb = load i32, ptr addrspace(1) %pb, align 4
  %cb = icmp sgt i32 %xb, 0
  br i1 %cb, label %join1, label %exit
join1:
  %m = phi i32 [ %xa, %then ], [ %xb, %else ]
  %y = mul i32 %m, 3
  %cy = icmp slt i32 %y, 100
  br i1 %cy, label %join2, label %exit
join2:
  %z = add i32 %y, 7
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %z, ptr addrspace(1) %po, align 4
  br label %exit
exit:
  %r = phi i32 [ 1, %then ], [ 2, %else ], [ %y, %join1 ], [ %z, %join2 ]
  %pr = getelementptr inbounds i32, ptr addrspace(1) %out, i32 64
  %pt = getelementptr inbounds i32, ptr addrspace(1) %pr, i32 %tid
  store i32 %r, ptr addrspace(1) %pt, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
