; A region whose side contains a switch is left alone.
; RUN: opt %s --passes darm --knob darm-report=1
define ptx_kernel void @k(ptr addrspace(1) %a) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  switch i32 %tid, label %t2 [ i32 3, label %t3 ]
t2:
  store i32 2, ptr addrspace(1) %a, align 4
  br label %join
t3:
  store i32 3, ptr addrspace(1) %a, align 4
  br label %join
else:
  store i32 5, ptr addrspace(1) %a, align 4
  br label %join
join:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; ERR: remark: darm: @k: %entry: not meldable: a side contains a switch
; CHECK: br i1 %c, label %then, label %else
; CHECK: switch i32 %tid
