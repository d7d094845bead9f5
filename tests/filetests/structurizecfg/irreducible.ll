; An irreducible cycle (%a and %b both entered from %entry): the seed's remark naming the entries, exit 1.
; RUN: opt %s --passes structurizecfg
; EXIT: 1
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @irr(ptr %p) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, 4
  br i1 %c, label %a, label %b
a:
  %d = icmp slt i32 %t, 2
  br i1 %d, label %b, label %exit
b:
  %e = icmp slt i32 %t, 3
  br i1 %e, label %a, label %exit
exit:
  ret void
}

; ERR: irreducible.ll:6:13: error: pass 'structurizecfg' failed: remark: UnsupportedIrreducibleCFG: Irreducible CFGs are not supported yet. (function @irr: cycle entered at %b, %a)
; ERR-NEXT: define void @irr(ptr %p) {
