; darm-disable-region-replication: the block-region candidate of block_region.ll is reported and left alone.
; RUN: opt %s --passes darm,simplifycfg --knob darm-report=1 --knob darm-disable-region-replication=1
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

; ERR: remark: darm: @k: %entry: block-region candidate, 1x4 blocks, skipped (darm-disable-region-replication)
; ERR: remark: darm: @k: stats: 0 bb-bb, 0 region-region, 0 block-region melds, 1 block-region skipped
; CHECK-NOT: darm.
; CHECK: br i1 %c, label %then, label %e.head
; CHECK-NOT: darm.
