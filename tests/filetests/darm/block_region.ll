; Block-region melding by region replication: the `then` side is one block, the `else` side an if/else on a
; uniform condition (%u, not melded by itself). The region is replicated around the block (darm.repl copies with
; constant branch conditions), the block is placed against the region block it resembles most (%e.then), and the
; region-region melder melds the pairs: %e.then's code is shared with the block; %e.other is entered by the
; else side's threads only (a solo pair: no guard, no select); the exit phi reads the block's value through a phi
; at the dominance frontier (%e.join) with undef from the path the block's threads never take.
; RUN: opt %s --passes darm,simplifycfg --knob darm-report=1
define ptx_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  %u = icmp sgt i32 %n, 4
  br i1 %c, label %then, label %e.head
then:
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i32 %tid
  %xa = load float, ptr addrspace(1) %pa, align 4
  %ya = fmul float %xa, 2.0
  %za = fadd float %ya, 1.0
  store float %za, ptr addrspace(1) %pa, align 4
  br label %join
e.head:
  %k = add i32 %tid, 7
  br i1 %u, label %e.then, label %e.other
e.then:
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i32 %k
  %xb = load float, ptr addrspace(1) %pb, align 4
  %yb = fmul float %xb, 2.0
  %zb = fadd float %yb, 1.0
  store float %zb, ptr addrspace(1) %pb, align 4
  br label %e.join
e.other:
  %q = sitofp i32 %k to float
  store float %q, ptr addrspace(1) %b, align 4
  br label %e.join
e.join:
  %v = phi float [ %zb, %e.then ], [ %q, %e.other ]
  br label %join
join:
  %r = phi float [ %za, %then ], [ %v, %e.join ]
  store float %r, ptr addrspace(1) %a, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; ERR: remark: darm: @k: %entry: block-region candidate, 1x4 blocks, score 0.399: replicate against %e.then
; ERR: remark: darm: @k: %entry: melded: 5 aligned, 3 unaligned in 0 guarded runs, 3 selects, 1 phi pairs
; ERR: remark: darm: @k: stats: 0 bb-bb, 0 region-region, 1 block-region melds, 0 block-region skipped
; The replicated head's constant `true` meets %u: the melded branch is `or %c, %u` (the block's threads and the
; else side's threads that take %e.then enter the melded pair).
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: %darm.sel = or i1 %c, %u
; CHECK-NEXT: br i1 %darm.sel, label %darm.meld.1, label %darm.meld
; The solo pair: %e.other's code, unguarded.
; CHECK: darm.meld:
; CHECK-NEXT: %q = sitofp i32 %k to float
; CHECK-NEXT: store float %q, ptr addrspace(1) %b, align 4
; CHECK-NEXT: br label %darm.meld.2
; CHECK: darm.meld.1:
; CHECK-NEXT: %darm.sel.1 = select i1 %c, ptr addrspace(1) %a, ptr addrspace(1) %b
; CHECK-NEXT: %darm.sel.2 = select i1 %c, i32 %tid, i32 %k
; CHECK-NEXT: %pa = getelementptr inbounds float, ptr addrspace(1) %darm.sel.1, i32 %darm.sel.2
; CHECK-NEXT: %xa = load float, ptr addrspace(1) %pa, align 4
; CHECK-NEXT: %ya = fmul float %xa, 2.000000e+00
; CHECK-NEXT: %za = fadd float %ya, 1.000000e+00
; CHECK-NEXT: store float %za, ptr addrspace(1) %pa, align 4
; CHECK-NEXT: br label %darm.meld.2
; The dominance-frontier phi of the replicated join melded with %v.
; CHECK: darm.meld.2:
; CHECK-NEXT: phi float [ %q, %darm.meld ], [ %za, %darm.meld.1 ]
; CHECK-NEXT: store float
; CHECK-NEXT: ret void
