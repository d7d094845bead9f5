; A divergent switch whose target has two separate ranges (1 and 4..5 go to %b): the chain tests that target once, with the or of both range tests; targets in order of their smallest case, default last.
; RUN: opt %s --passes lower-switch
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @g(ptr %p) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  switch i32 %t, label %def [
    i32 4, label %b
    i32 1, label %b
    i32 5, label %b
    i32 3, label %c
  ]
b:
  store i32 1, ptr %p
  br label %m
c:
  store i32 3, ptr %p
  br label %m
def:
  br label %m
m:
  ret void
}

; CHECK-LABEL: define void @g(ptr %p) {
; CHECK: entry:
; CHECK:   %0 = icmp eq i32 %t, 1
; CHECK:   %1 = sub i32 %t, 4
; CHECK:   %2 = icmp ule i32 %1, 1
; CHECK:   %3 = or i1 %0, %2
; CHECK:   br i1 %3, label %b, label %LeafBlock
; CHECK: LeafBlock:
; CHECK:   %4 = icmp eq i32 %t, 3
; CHECK:   br i1 %4, label %c, label %def
