; Natural loops of an irreducible cycle with a natural loop inside (the irreducible cycle is not a loop; the inner natural loop is); the expected text is LLVM 19's `opt -passes='print<loops>'` output.
; RUN: analyze %s --print loops

; An irreducible cycle: %a and %b jump to each other and both are entered from %entry, so neither dominates
; the other and there is no natural loop. A natural loop (%inner) sits inside %b.
define void @irr(i1 %c, i1 %d, i32 %n) {
entry:
  br i1 %c, label %a, label %b

a:
  br i1 %d, label %b, label %exit

b:
  br label %inner

inner:
  %i = phi i32 [ 0, %b ], [ %i.next, %inner ]
  %i.next = add i32 %i, 1
  %ci = icmp slt i32 %i.next, %n
  br i1 %ci, label %inner, label %b.end

b.end:
  br i1 %d, label %a, label %exit

exit:
  ret void
}

; CHECK-LABEL: Loop info for function 'irr':{{$}}
; CHECK-NEXT: Loop at depth 1 containing: %inner<header><latch><exiting>{{$}}
