; A divergent switch: lower-switch turns it into a tree of NodeBlock/LeafBlock branches, which the structurizer chains with Flow blocks.
; RUN: opt %s --passes lower-switch,structurizecfg --verify-structured
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @sw(ptr %p) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  switch i32 %t, label %def [
    i32 0, label %zero
    i32 1, label %one
    i32 2, label %one
    i32 7, label %seven
  ]
zero:
  br label %merge
one:
  br label %merge
seven:
  br label %merge
def:
  br label %merge
merge:
  %v = phi i32 [ 0, %zero ], [ 1, %one ], [ 7, %seven ], [ -1, %def ]
  store i32 %v, ptr %p
  ret void
}

; CHECK-LABEL: define void @sw(ptr %p) {
; CHECK: entry:
; CHECK: br i1 %1, label %NodeBlock, label %Flow.2
; CHECK: Flow:
; CHECK: %2 = phi i1 [ true, %LeafBlock.1 ], [ false, %one ]
; CHECK: br label %Flow.4
; CHECK: LeafBlock:
; CHECK: br label %Flow.6
; CHECK: NodeBlock:
; CHECK: br i1 %7, label %LeafBlock.2, label %Flow.5
; CHECK: Flow.1:
; CHECK: %8 = phi i1 [ true, %LeafBlock.2 ], [ false, %seven ]
; CHECK: br label %Flow.5
; CHECK: LeafBlock.1:
; CHECK: br i1 %11, label %one, label %Flow
; CHECK: Flow.2:
; CHECK: %12 = phi i1 [ false, %entry ], [ %18, %Flow.4 ]
; CHECK: %13 = phi i1 [ true, %entry ], [ false, %Flow.4 ]
; CHECK: br i1 %13, label %LeafBlock, label %Flow.6
; CHECK: LeafBlock.2:
; CHECK: br i1 %15, label %seven, label %Flow.1
; CHECK: Flow.3:
; CHECK: %16 = phi i1 [ %23, %Flow.6 ], [ false, %def ]
; CHECK: br i1 %16, label %zero, label %merge
; CHECK: zero:
; CHECK: br label %merge
; CHECK: Flow.4:
; CHECK: %18 = phi i1 [ %20, %Flow.5 ], [ %2, %Flow ]
; CHECK: br label %Flow.2
; CHECK: one:
; CHECK: br label %Flow
; CHECK: Flow.5:
; CHECK: %20 = phi i1 [ false, %NodeBlock ], [ %8, %Flow.1 ]
; CHECK: %21 = phi i1 [ true, %NodeBlock ], [ false, %Flow.1 ]
; CHECK: br i1 %21, label %LeafBlock.1, label %Flow.4
; CHECK: seven:
; CHECK: br label %Flow.1
; CHECK: Flow.6:
; CHECK: %23 = phi i1 [ false, %Flow.2 ], [ true, %LeafBlock ]
; CHECK: %24 = phi i1 [ %12, %Flow.2 ], [ %5, %LeafBlock ]
; CHECK: br i1 %24, label %def, label %Flow.3
; CHECK: def:
; CHECK: br label %Flow.3
; CHECK: merge:
; CHECK: ret void
