; Basic block-basic block melding of a divergent diamond: aligned pairs cloned once, selects on the branch
; condition where operands differ, the exit phi becomes a select.
; RUN: opt %s --passes darm,simplifycfg --knob darm-report=1
define ptx_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i32 %tid
  %xa = load float, ptr addrspace(1) %pa, align 4
  %ya = fmul float %xa, 2.0
  store float %ya, ptr addrspace(1) %pa, align 4
  br label %join
else:
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i32 %tid
  %xb = load float, ptr addrspace(1) %pb, align 4
  %yb = fmul float %xb, 3.0
  store float %yb, ptr addrspace(1) %pb, align 4
  br label %join
join:
  %r = phi float [ %ya, %then ], [ %yb, %else ]
  store float %r, ptr addrspace(1) %a, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; ERR: remark: darm: @k: %entry: bb-bb candidate, 1x1 blocks, score 0.500: meld
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: %c = icmp ult i32 %tid, 16
; CHECK-NEXT: %darm.sel = select i1 %c, ptr addrspace(1) %a, ptr addrspace(1) %b
; CHECK-NEXT: %pa = getelementptr inbounds float, ptr addrspace(1) %darm.sel, i32 %tid
; CHECK-NEXT: %xa = load float, ptr addrspace(1) %pa, align 4
; CHECK-NEXT: %darm.sel{{.*}} = select i1 %c, float 2.000000e+00, float 3.000000e+00
; CHECK-NEXT: %ya = fmul float %xa, %darm.sel
; CHECK-NEXT: store float %ya, ptr addrspace(1) %pa, align 4
; CHECK-NOT: br
; CHECK: store float %ya, ptr addrspace(1) %a, align 4
; CHECK-NEXT: ret void
