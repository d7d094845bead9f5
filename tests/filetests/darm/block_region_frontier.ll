; Block-region melding with the block on the `else` side and a triangle (if-then) as the region: the block is
; placed against the region's head (%t.head), its value reaches the exit through a phi at the dominance frontier
; (%t.join, undef from %t.then, which the block's threads never enter); the replicated triangle's branch is
; constant (`false`: skip %t.then), so the melded branch is `and %c, %d`, and %t.then's code (a solo pair, the
; block's threads never reach it) is neither guarded nor selected.
; RUN: opt %s --passes darm,simplifycfg --knob darm-report=1
define ptx_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %t.head, label %blk
t.head:
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i32 %tid
  %xa = load float, ptr addrspace(1) %pa, align 4
  %ya = fmul float %xa, 2.0
  %za = fadd float %ya, 1.0
  store float %za, ptr addrspace(1) %pa, align 4
  %d = fcmp ogt float %za, 0.5
  br i1 %d, label %t.then, label %t.join
t.then:
  store float 0.0, ptr addrspace(1) %b, align 4
  br label %t.join
t.join:
  br label %exit
blk:
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i32 %tid
  %xb = load float, ptr addrspace(1) %pb, align 4
  %yb = fmul float %xb, 2.0
  %zb = fadd float %yb, 3.0
  store float %zb, ptr addrspace(1) %pb, align 4
  br label %exit
exit:
  %r = phi float [ %za, %t.join ], [ %zb, %blk ]
  store float %r, ptr addrspace(1) %a, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; ERR: remark: darm: @k: %entry: block-region candidate, 3x1 blocks, score {{0\.[0-9]+}}: replicate against %t.head
; ERR: remark: darm: @k: stats: 0 bb-bb, 0 region-region, 1 block-region melds, 0 block-region skipped
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: %darm.sel = select i1 %c, ptr addrspace(1) %a, ptr addrspace(1) %b
; CHECK-NEXT: %pa = getelementptr inbounds float, ptr addrspace(1) %darm.sel, i32 %tid
; CHECK-NEXT: %xa = load float, ptr addrspace(1) %pa, align 4
; CHECK-NEXT: %ya = fmul float %xa, 2.000000e+00
; CHECK-NEXT: %darm.sel{{.*}} = select i1 %c, float 1.000000e+00, float 3.000000e+00
; CHECK-NEXT: %za = fadd float %ya, %darm.sel
; CHECK-NEXT: store float %za, ptr addrspace(1) %pa, align 4
; CHECK: and i1 %c, %d
; CHECK: store float 0.000000e+00, ptr addrspace(1) %b, align 4
; CHECK-NOT: select
; CHECK: ret void
