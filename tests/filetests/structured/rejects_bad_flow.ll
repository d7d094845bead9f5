; The checker rejects a hand-written Flow block that computes something and branches on a non-phi, and a
; !structurizecfg.uniform tag on a divergent branch.
; RUN: opt %s --passes verify --verify-structured
; EXIT: 1
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @f(ptr %p) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, 16
  br i1 %c, label %then, label %Flow, !structurizecfg.uniform !0
then:
  br label %Flow
Flow:
  %x = add i32 %t, 1
  %d = icmp eq i32 %x, 3
  br i1 %d, label %a, label %exit
a:
  br label %exit
exit:
  ret void
}
!0 = !{}
; ERR: @f: block %entry: metadata tagging: !structurizecfg.uniform on a divergent branch
; ERR: @f: block %Flow: linear Flow chain: a Flow block may hold only phis and a branch
; ERR: @f: block %Flow: PHI-encodable path selection: the branch condition %d is not an i1 phi of the Flow block
