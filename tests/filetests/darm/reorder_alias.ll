; Before aligning a block pair, the else block is reordered to follow the then block (schedule.rs) — but only
; where that keeps its meaning. @distinct: the sides update two different shared arrays in opposite orders; the
; arrays are distinct globals, so the else side's updates are swapped and each store melds with the store to the
; corresponding array (selects only pick the array). @may_alias: the same shape through two pointer arguments,
; which may alias: the else side keeps its order, the stores would then need selects of both value and address,
; and the pair is not worth melding (reordered, it would have melded without a single select).
; RUN: opt %s --passes darm,simplifycfg --knob darm-report=1
@ga = internal addrspace(3) global [64 x float] undef, align 4
@gb = internal addrspace(3) global [64 x float] undef, align 4
@gc = internal addrspace(3) global [64 x float] undef, align 4
@gd = internal addrspace(3) global [64 x float] undef, align 4

define ptx_kernel void @distinct(float %x) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %pa = getelementptr inbounds [64 x float], ptr addrspace(3) @ga, i32 0, i32 %tid
  store float %x, ptr addrspace(3) %pa, align 4
  %pb = getelementptr inbounds [64 x float], ptr addrspace(3) @gb, i32 0, i32 %tid
  %y = fmul float %x, 2.0
  store float %y, ptr addrspace(3) %pb, align 4
  br label %join
else:
  %qb = getelementptr inbounds [64 x float], ptr addrspace(3) @gd, i32 0, i32 %tid
  %z = fmul float %x, 2.0
  store float %z, ptr addrspace(3) %qb, align 4
  %qa = getelementptr inbounds [64 x float], ptr addrspace(3) @gc, i32 0, i32 %tid
  store float %x, ptr addrspace(3) %qa, align 4
  br label %join
join:
  ret void
}

define ptx_kernel void @may_alias(ptr addrspace(3) %p, ptr addrspace(3) %q, float %x) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  store float %x, ptr addrspace(3) %p, align 4
  %y = fmul float %x, 2.0
  store float %y, ptr addrspace(3) %q, align 4
  br label %join
else:
  %z = fmul float %x, 2.0
  store float %z, ptr addrspace(3) %q, align 4
  store float %x, ptr addrspace(3) %p, align 4
  br label %join
join:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: define ptx_kernel void @distinct(
; CHECK: %darm.sel = select i1 %c, ptr addrspace(3) @ga, ptr addrspace(3) @gc
; CHECK-NEXT: %pa = getelementptr inbounds [64 x float], ptr addrspace(3) %darm.sel, i32 0, i32 %tid
; CHECK-NEXT: store float %x, ptr addrspace(3) %pa, align 4
; CHECK-NEXT: %darm.sel.1 = select i1 %c, ptr addrspace(3) @gb, ptr addrspace(3) @gd
; CHECK-NEXT: %pb = getelementptr inbounds [64 x float], ptr addrspace(3) %darm.sel.1, i32 0, i32 %tid
; CHECK-NEXT: %y = fmul float %x, 2.000000e+00
; CHECK-NEXT: store float %y, ptr addrspace(3) %pb, align 4
; CHECK-NEXT: ret void
; ERR: remark: darm: @distinct: %entry: melded: 5 aligned, 0 unaligned in 0 guarded runs, 2 selects, 0 phi pairs
; ERR: remark: darm: @may_alias: %entry: not melded: melded code would not issue sufficiently fewer instructions than both sides
; CHECK-LABEL: define ptx_kernel void @may_alias(
; CHECK: else:
; CHECK-NEXT: %z = fmul float %x, 2.000000e+00
; CHECK-NEXT: store float %z, ptr addrspace(3) %q, align 4
; CHECK-NEXT: store float %x, ptr addrspace(3) %p, align 4
