; Liveness in an irreducible cycle.
; RUN: analyze %s --print liveness

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

; CHECK-LABEL: Liveness for function: irr{{$}}
; CHECK-NEXT: %entry:{{$}}
; CHECK-NEXT: {{^  }}live-in: %c, %d, %n{{$}}
; CHECK-NEXT: {{^  }}live-out: %d, %n{{$}}
; CHECK-NEXT: %a:{{$}}
; CHECK-NEXT: {{^  }}live-in: %d, %n{{$}}
; CHECK-NEXT: {{^  }}live-out: %d, %n{{$}}
; CHECK-NEXT: %b:{{$}}
; CHECK-NEXT: {{^  }}live-in: %d, %n{{$}}
; CHECK-NEXT: {{^  }}live-out: %d, %n{{$}}
; CHECK-NEXT: %inner:{{$}}
; CHECK-NEXT: {{^  }}live-in: %d, %n{{$}}
; CHECK-NEXT: {{^  }}live-out: %d, %n, %i.next{{$}}
; CHECK-NEXT: %b.end:{{$}}
; CHECK-NEXT: {{^  }}live-in: %d, %n{{$}}
; CHECK-NEXT: {{^  }}live-out: %d, %n{{$}}
; CHECK-NEXT: %exit:{{$}}
; CHECK-NEXT: {{^  }}live-in:{{$}}
; CHECK-NEXT: {{^  }}live-out:{{$}}
