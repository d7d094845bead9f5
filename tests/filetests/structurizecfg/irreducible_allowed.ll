; With structurizecfg-allow-irreducible the remark is printed and the function is left unstructured (exit 0).
; RUN: opt %s --passes structurizecfg --knob structurizecfg-allow-irreducible=true
; EXIT: 0
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

; ERR: remark: UnsupportedIrreducibleCFG: Irreducible CFGs are not supported yet. (function @irr: cycle entered at %b, %a)
; CHECK: br i1 %c, label %a, label %b
