; Natural loops of a switch (shared case target, case straight to the join) inside a loop; the expected text is LLVM 19's `opt -passes='print<loops>'` output.
; RUN: analyze %s --print loops

; A switch with a default, two cases sharing a target, a case that jumps straight to the join, and a loop
; around it all.
define i32 @sw(i32 %x, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %join ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %join ]
  %k = add i32 %x, %i
  switch i32 %k, label %default [
    i32 0, label %case0
    i32 1, label %case12
    i32 2, label %case12
    i32 3, label %join
  ]

case0:
  br label %join

case12:
  %t = mul i32 %k, 2
  br label %join

default:
  br label %join

join:
  %v = phi i32 [ 1, %case0 ], [ %t, %case12 ], [ 3, %loop ], [ 5, %default ]
  %acc.next = add i32 %acc, %v
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %acc.next
}

; CHECK-LABEL: Loop info for function 'sw':{{$}}
; CHECK-NEXT: Loop at depth 1 containing: %loop<header>,%case12,%case0,%default,%join<latch><exiting>{{$}}
