; Cases 0..2 to one block merge into a range (sub + icmp ule), a case going to the default is dropped; a uniform switch (@uni: on ctaid.x) becomes a tree split on icmp slt, a divergent one (@f: a device function's argument may differ per thread) a chain of one test per target with the default last; the phi of a case target gets the switch's value on its new edge.
; RUN: opt %s --passes lower-switch
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %def [
    i32 0, label %a
    i32 1, label %a
    i32 2, label %a
    i32 5, label %m
    i32 9, label %def
  ]
a:
  br label %m
def:
  br label %m
m:
  %p = phi i32 [ 10, %a ], [ 20, %entry ], [ 30, %def ]
  ret i32 %p
}

define i32 @uni() {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  switch i32 %x, label %def [
    i32 0, label %a
    i32 1, label %a
    i32 2, label %a
    i32 5, label %m
    i32 9, label %def
  ]
a:
  br label %m
def:
  br label %m
m:
  %p = phi i32 [ 10, %a ], [ 20, %entry ], [ 30, %def ]
  ret i32 %p
}

; CHECK-LABEL: define i32 @f(i32 %x) {
; CHECK: entry:
; CHECK:   %0 = sub i32 %x, 0
; CHECK:   %1 = icmp ule i32 %0, 2
; CHECK:   br i1 %1, label %a, label %LeafBlock
; CHECK: LeafBlock:
; CHECK:   %2 = icmp eq i32 %x, 5
; CHECK:   br i1 %2, label %m, label %def
; CHECK: a:
; CHECK:   br label %m
; CHECK: def:
; CHECK:   br label %m
; CHECK: m:
; CHECK:   %p = phi i32 [ 10, %a ], [ 30, %def ], [ 20, %LeafBlock ]
; CHECK:   ret i32 %p
; CHECK: }
; CHECK-LABEL: define i32 @uni() {
; CHECK: entry:
; CHECK:   %0 = icmp slt i32 %x, 5
; CHECK:   br i1 %0, label %LeafBlock, label %LeafBlock.1
; CHECK: LeafBlock:
; CHECK:   %1 = sub i32 %x, 0
; CHECK:   %2 = icmp ule i32 %1, 2
; CHECK:   br i1 %2, label %a, label %def
; CHECK: LeafBlock.1:
; CHECK:   %3 = icmp eq i32 %x, 5
; CHECK:   br i1 %3, label %m, label %def
; CHECK: m:
; CHECK:   %p = phi i32 [ 10, %a ], [ 30, %def ], [ 20, %LeafBlock.1 ]
; CHECK:   ret i32 %p
; CHECK: }
