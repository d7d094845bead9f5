; Natural loops of two sequential loops and an unreachable block; the expected text is LLVM 19's `opt -passes='print<loops>'` output.
; RUN: analyze %s --print loops

; Two loops one after the other (LLVM lists top-level loops in post-order: the second loop first), and a block
; no path reaches (left out of the dominator tree, kept in the post-dominator tree).
define i32 @seq(i32 %n) {
entry:
  br label %first

first:
  %i = phi i32 [ 0, %entry ], [ %i.next, %first ]
  %i.next = add i32 %i, 1
  %c1 = icmp slt i32 %i.next, %n
  br i1 %c1, label %first, label %between

between:
  br label %second

second:
  %j = phi i32 [ %i.next, %between ], [ %j.next, %second.latch ]
  %j.next = mul i32 %j, 2
  br label %second.latch

second.latch:
  %c2 = icmp slt i32 %j.next, 1000
  br i1 %c2, label %second, label %exit

dead:
  br label %second.latch

exit:
  ret i32 %j.next
}

; CHECK-LABEL: Loop info for function 'seq':{{$}}
; CHECK-NEXT: Loop at depth 1 containing: %second<header>,%second.latch<latch><exiting>{{$}}
; CHECK-NEXT: Loop at depth 1 containing: %first<header><latch><exiting>{{$}}
