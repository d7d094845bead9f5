; ARCHITECTURE §5 (#126534): a diamond on a constant false condition is structurized without crashing.
; RUN: opt %s --passes structurizecfg --verify-structured
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @falsediamond(ptr %p) {
entry:
  br i1 false, label %then, label %else
then:
  br label %merge
else:
  br label %merge
merge:
  %v = phi i32 [ 1, %then ], [ 2, %else ]
  store i32 %v, ptr %p
  ret void
}

; CHECK-LABEL: define void @falsediamond(ptr %p) {
; CHECK: entry:
; CHECK: br label %else
; CHECK: then:
; CHECK: br label %merge
; CHECK: else:
; CHECK: br i1 false, label %then, label %merge
; CHECK: merge:
; CHECK: ret void
