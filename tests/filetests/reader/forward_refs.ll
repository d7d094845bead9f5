; Forward references: a phi using a value defined later in a loop, branches to later blocks, and a use of a later global/function.
; RUN: opt %s --passes verify

define i32 @loop(i32 %n) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %body ]
  %done = icmp sge i32 %i, %n
  br i1 %done, label %exit, label %body

body:
  %acc.next = add i32 %acc, %i
  %next = add nuw i32 %i, 1
  br label %header

exit:
  %r = call i32 @later(i32 %acc)
  ret i32 %r
}

define i32 @later(i32 %x) {
  %v = load i32, ptr @gvar
  %s = add i32 %x, %v
  ret i32 %s
}

@gvar = global i32 1

; CHECK-LABEL: define i32 @loop(i32 %n) {
; CHECK: header:
; CHECK-NEXT:   %i = phi i32 [ 0, %entry ], [ %next, %body ]
; CHECK-NEXT:   %acc = phi i32 [ 0, %entry ], [ %acc.next, %body ]
; CHECK-NEXT:   %done = icmp sge i32 %i, %n
; CHECK-NEXT:   br i1 %done, label %exit, label %body
; CHECK: body:
; CHECK-NEXT:   %acc.next = add i32 %acc, %i
; CHECK-NEXT:   %next = add nuw i32 %i, 1
; CHECK-NEXT:   br label %header
; CHECK: exit:
; CHECK-NEXT:   %r = call i32 @later(i32 %acc)
; CHECK-LABEL: define i32 @later(i32 %x) {
; CHECK-NEXT:   %v = load i32, ptr @gvar
