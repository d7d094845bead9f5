; Block-region melding where the block is spread over the replicated path: the else side's block aligns partly
; with %t1 (address, load, multiply) and partly with %join (add, store), so its instructions are placed in the copies
; of both, in order. Its multiply, defined in the copy of %t1, is used in the copy of %join, which %t1 does not
; dominate: a phi carries it there (undef from the copy of %t2, which the block's threads never enter); that phi
; melds with %join's own phi %m, whose entry from the solo pair (%t2) is the then side's own constant.
; RUN: opt %s --passes darm,simplifycfg --knob darm-report=1
define ptx_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %head, label %blk
head:
  %c2 = icmp ult i32 %tid, 8
  br i1 %c2, label %t1, label %t2
t1:
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i32 %tid
  %xa = load float, ptr addrspace(1) %pa, align 4
  %ya = fmul float %xa, 2.0
  br label %join
t2:
  store float 0.0, ptr addrspace(1) %b, align 4
  br label %join
join:
  %m = phi float [ %ya, %t1 ], [ 1.0, %t2 ]
  %za = fadd float %m, 1.0
  store float %za, ptr addrspace(1) %a, align 4
  br label %exit
blk:
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i32 %tid
  %xb = load float, ptr addrspace(1) %pb, align 4
  %yb = fmul float %xb, 2.0
  %zb = fadd float %yb, 1.0
  store float %zb, ptr addrspace(1) %b, align 4
  br label %exit
exit:
  %r = phi float [ %za, %join ], [ %zb, %blk ]
  %po = getelementptr inbounds float, ptr addrspace(1) %a, i32 64
  store float %r, ptr addrspace(1) %po, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; ERR: remark: darm: @k: %entry: block-region candidate, 4x1 blocks, score 0.403: replicate against %t1
; ERR: remark: darm: @k: %entry: melded: 5 aligned, 2 unaligned in 0 guarded runs, 3 selects, 1 phi pairs
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: %darm.sel = select i1 %c, i1 %c2, i1 true
; CHECK-NEXT: br i1 %darm.sel, label %darm.meld.1, label %darm.meld
; CHECK: darm.meld:
; CHECK-NEXT: store float 0.000000e+00, ptr addrspace(1) %b, align 4
; CHECK: darm.meld.1:
; CHECK-NEXT: %darm.sel.1 = select i1 %c, ptr addrspace(1) %a, ptr addrspace(1) %b
; CHECK-NEXT: %pa = getelementptr inbounds float, ptr addrspace(1) %darm.sel.1, i32 %tid
; CHECK-NEXT: %xa = load float, ptr addrspace(1) %pa, align 4
; CHECK-NEXT: %ya = fmul float %xa, 2.000000e+00
; CHECK: darm.meld.2:
; CHECK-NEXT: %0 = phi float [ %ya, %darm.meld.1 ], [ 1.000000e+00, %darm.meld ]
; CHECK-NEXT: %za = fadd float %0, 1.000000e+00
; CHECK-NEXT: %darm.sel.2 = select i1 %c, ptr addrspace(1) %a, ptr addrspace(1) %b
; CHECK-NEXT: store float %za, ptr addrspace(1) %darm.sel.2, align 4
; CHECK: store float %za, ptr addrspace(1) %po, align 4
