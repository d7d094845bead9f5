; The checker rejects an unstructured divergent diamond, naming the block and the invariant.
; RUN: opt %s --passes verify --verify-structured
; EXIT: 1
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @diamond(ptr %p) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, 16
  br i1 %c, label %then, label %else
then:
  br label %merge
else:
  br label %merge
merge:
  ret void
}
; ERR: error: the CFG is not structured:
; ERR: @diamond: block %entry: post-dominator reconvergence: divergent branch to %then and %else reconverges at %merge, which is neither successor (no Flow block)
; ERR-NEXT: note: --passes does not structurize the CFG, so --verify-structured may well fail: add `lower-switch,unify-exits,structurizecfg` to --passes
