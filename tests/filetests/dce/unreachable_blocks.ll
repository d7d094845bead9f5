; Blocks unreachable from the entry are deleted (including an unreachable loop), and phis in reachable blocks drop their entries from them.
; RUN: opt %s --passes dce

define i32 @f(i32 %x) {
entry:
  br label %join

dead1:
  %d = add i32 %x, 100
  %dc = icmp eq i32 %d, 0
  br i1 %dc, label %dead_loop, label %join

dead_loop:
  %i = phi i32 [ 0, %dead1 ], [ %i.next, %dead_loop ]
  %i.next = add i32 %i, 1
  br i1 true, label %dead_loop, label %join

join:
  %p = phi i32 [ %x, %entry ], [ %d, %dead1 ], [ %i.next, %dead_loop ]
  ret i32 %p
}

; CHECK-LABEL: define i32 @f(i32 %x) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   br label %join
; CHECK-NOT: dead
; CHECK: join:
; CHECK-NEXT:   %p = phi i32 [ %x, %entry ]
; CHECK-NEXT:   ret i32 %p
; CHECK-NEXT: }
