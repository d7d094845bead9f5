; A region with a barrier in a side is left alone (melding would change which threads reach it together).
; RUN: opt %s --passes darm --knob darm-report=1
define ptx_kernel void @k(ptr addrspace(1) %a) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %xa = load float, ptr addrspace(1) %a, align 4
  call void @llvm.nvvm.barrier0()
  store float %xa, ptr addrspace(1) %a, align 4
  br label %join
else:
  %xb = load float, ptr addrspace(1) %a, align 4
  call void @llvm.nvvm.barrier0()
  store float %xb, ptr addrspace(1) %a, align 4
  br label %join
join:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0() convergent

; ERR: remark: darm: @k: %entry: not meldable: a side contains a convergent or warp-synchronous operation
; CHECK: br i1 %c, label %then, label %else
; CHECK-NOT: select
