; A divergent switch: lower-switch turns it into a chain of one test per target (LeafBlock), a nest of if-else regions the structurizer wires with one Flow block per target (was a tree of NodeBlock/LeafBlock with 7 Flow blocks and 12 i1 phis; now 3 Flow blocks, 3 i1 phis).
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
; CHECK:   %0 = icmp eq i32 %t, 0
; CHECK:   br i1 %1, label %LeafBlock, label %Flow
; CHECK: LeafBlock:
; CHECK:   br i1 %4, label %LeafBlock.1, label %Flow.1
; CHECK: LeafBlock.1:
; CHECK:   br i1 %6, label %def, label %Flow.2
; CHECK: Flow:
; CHECK:   %7 = phi i1 [ true, %entry ], [ false, %Flow.1 ], [ false, %one ]
; CHECK:   br i1 %7, label %zero, label %merge
; CHECK: zero:
; CHECK:   br label %merge
; CHECK: Flow.1:
; CHECK:   %9 = phi i1 [ true, %LeafBlock ], [ false, %Flow.2 ], [ false, %seven ]
; CHECK:   br i1 %9, label %one, label %Flow
; CHECK: one:
; CHECK:   br label %Flow
; CHECK: Flow.2:
; CHECK:   %11 = phi i1 [ true, %LeafBlock.1 ], [ false, %def ]
; CHECK:   br i1 %11, label %seven, label %Flow.1
; CHECK: seven:
; CHECK:   br label %Flow.1
; CHECK: def:
; CHECK:   br label %Flow.2
; CHECK: merge:
; CHECK:   %v = phi i32 [ %8, %Flow ], [ 0, %zero ]
; CHECK-NOT: Flow.3
; CHECK:   ret void
