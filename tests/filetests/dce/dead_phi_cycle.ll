; A phi cycle whose values only feed each other (a dead loop-carried accumulator) is removed; the live induction variable stays.
; RUN: opt %s --passes verify,dce

define i32 @f(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %acc2 = phi i32 [ 1, %entry ], [ %acc2.next, %loop ]
  %acc.next = add i32 %acc, %acc2
  %acc2.next = mul i32 %acc.next, %i
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %i
}

; CHECK: loop:
; CHECK-NEXT:   %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; CHECK-NOT: %acc
; CHECK:   %i.next = add i32 %i, 1
; CHECK-NEXT:   %c = icmp slt i32 %i.next, %n
; CHECK-NEXT:   br i1 %c, label %loop, label %exit
