; A divergent branch whose condition singles out one thread (an equality test of a thread-index-affine value,
; here `2*s*(tid+1) == n` as in HeCBench's tridiagonal solvers, against a uniform one) is not melded: at most
; one warp runs both sides, and melding would make every other warp issue the selects of the melded code. The
; same diamond under an ordering comparison of the thread index is melded (@k2).
; RUN: opt %s --passes darm --knob darm-report=1
define ptx_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %s, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = add i32 %tid, 1
  %s2 = shl i32 %s, 1
  %m = mul i32 %s2, %t1
  %c = icmp eq i32 %m, %n
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
  ret void
}

define ptx_kernel void @k2(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %s, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = add i32 %tid, 1
  %s2 = shl i32 %s, 1
  %m = mul i32 %s2, %t1
  %c = icmp ult i32 %m, %n
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
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; ERR: remark: darm: @k: %entry: not melded: the condition singles out one thread (equality of a thread-index-affine value), so at most one warp diverges
; ERR: remark: darm: @k2: %entry: bb-bb candidate, 1x1 blocks, score 0.500: meld
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: br i1 %c, label %then, label %else
; CHECK-NOT: select
; CHECK-LABEL: define ptx_kernel void @k2(
; CHECK: %darm.sel = select i1 %c, ptr addrspace(1) %a, ptr addrspace(1) %b
