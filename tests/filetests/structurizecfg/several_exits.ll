; Three returns: unify-exits makes one exit block, the structurizer chains Flow blocks in front of it.
; RUN: opt %s --passes unify-exits,structurizecfg --verify-structured
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define i32 @exits(i32 %x) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, %x
  br i1 %c, label %early, label %work
early:
  ret i32 0
work:
  %d = icmp eq i32 %t, 5
  br i1 %d, label %five, label %other
five:
  ret i32 5
other:
  %y = add i32 %t, %x
  ret i32 %y
}

; CHECK-LABEL: define i32 @exits(i32 %x) {
; CHECK: entry:
; CHECK: br i1 %c.inv, label %work, label %Flow
; CHECK: Flow:
; CHECK: %0 = phi i1 [ true, %entry ], [ false, %Flow.1 ], [ false, %five ]
; CHECK: br i1 %0, label %early, label %UnifiedReturnBlock
; CHECK: early:
; CHECK: br label %UnifiedReturnBlock
; CHECK: work:
; CHECK: br i1 %d.inv, label %other, label %Flow.1
; CHECK: Flow.1:
; CHECK: %2 = phi i1 [ true, %work ], [ false, %other ]
; CHECK: br i1 %2, label %five, label %Flow
; CHECK: five:
; CHECK: br label %Flow
; CHECK: other:
; CHECK: br label %Flow.1
; CHECK: UnifiedReturnBlock:
; CHECK: ret i32 %UnifiedRetVal
