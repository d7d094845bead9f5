; `c1 && c2 ? then : else`: the `else` head is also the target of the first test, so it has a second entry.
; DARM once melded the inner branch and deleted `else`, leaving the first test branching to a deleted block
; (libdevice's __nv_nan, rolled back by the round verifier). The single-block shared head is now kept for its other
; predecessor and the inner branch still melds: selects on the divergent condition %c2.
; RUN: opt %s --passes darm --knob darm-report=1 --knob darm-run-once=1 --verify-each
define ptx_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c1 = icmp ult i32 %tid, 16
  br i1 %c1, label %test2, label %else
test2:
  %c2 = icmp ugt i32 %tid, 4
  br i1 %c2, label %then, label %else
then:
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i32 %tid
  %xa = load float, ptr addrspace(1) %pa, align 4
  %ya = fmul float %xa, 2.0
  br label %join
else:
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i32 %tid
  %xb = load float, ptr addrspace(1) %pb, align 4
  %yb = fmul float %xb, 3.0
  br label %join
join:
  %r = phi float [ %ya, %then ], [ %yb, %else ]
  store float %r, ptr addrspace(1) %a, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; ERR: remark: darm: @k: %test2: bb-bb candidate, 1x1 blocks, score 0.500: meld
; ERR: remark: darm: @k: %test2: melded: 3 aligned, 0 unaligned in 0 guarded runs, 2 selects, 0 phi pairs
; ERR-NOT: rolled back
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: br i1 %c1, label %test2, label %else
; CHECK: test2:
; CHECK-NEXT: %c2 = icmp ugt i32 %tid, 4
; CHECK-NEXT: %darm.sel = select i1 %c2, ptr addrspace(1) %a, ptr addrspace(1) %b
; CHECK-NEXT: %pa = getelementptr inbounds float, ptr addrspace(1) %darm.sel, i32 %tid
; CHECK-NEXT: %xa = load float, ptr addrspace(1) %pa, align 4
; CHECK-NEXT: %darm.sel.1 = select i1 %c2, float 2.000000e+00, float 3.000000e+00
; CHECK-NEXT: %ya = fmul float %xa, %darm.sel.1
; CHECK-NEXT: br label %join
; CHECK: else:
; CHECK-NEXT: %pb = getelementptr inbounds float, ptr addrspace(1) %b, i32 %tid
; CHECK-NEXT: %xb = load float, ptr addrspace(1) %pb, align 4
; CHECK-NEXT: %yb = fmul float %xb, 3.000000e+00
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: %r = phi float [ %ya, %test2 ], [ %yb, %else ]
