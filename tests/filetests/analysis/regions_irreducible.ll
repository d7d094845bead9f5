; SESE region tree of an irreducible cycle with a natural loop inside; the expected text is LLVM 19's `opt -passes='print<regions>'` output.
; RUN: analyze %s --print regions

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

; CHECK-LABEL: Region Tree for function: irr{{$}}
; CHECK-NEXT: Region tree:{{$}}
; CHECK-NEXT: [0] entry => <Function Return>{{$}}
; CHECK-NEXT: {{^  }}[1] entry => exit{{$}}
; CHECK-NEXT: {{^    }}[2] inner => b.end{{$}}
; CHECK-NEXT: End region tree{{$}}
