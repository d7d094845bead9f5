; Liveness around a loop.
; RUN: analyze %s --print liveness

; A value defined before a loop and used only after it (%after) is live through every block of the loop; loop
; invariants used inside (%base, %n) are live around the back edge; the induction variable's next value is live
; out of the latch only (it feeds the header's phi), and the phis' own results are not live-in at the header.
define i32 @across(i32 %n, i32 %k) {
entry:
  %base = mul i32 %k, 3
  %after = add i32 %k, 5
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %acc.next = add i32 %acc, %base
  %i.next = add i32 %i, 1
  br label %header

exit:
  %r = add i32 %acc, %after
  ret i32 %r
}

; CHECK-LABEL: Liveness for function: across{{$}}
; CHECK-NEXT: %entry:{{$}}
; CHECK-NEXT: {{^  }}live-in: %n, %k{{$}}
; CHECK-NEXT: {{^  }}live-out: %n, %base, %after{{$}}
; CHECK-NEXT: %header:{{$}}
; CHECK-NEXT: {{^  }}live-in: %n, %base, %after{{$}}
; CHECK-NEXT: {{^  }}live-out: %n, %base, %after, %i, %acc{{$}}
; CHECK-NEXT: %body:{{$}}
; CHECK-NEXT: {{^  }}live-in: %n, %base, %after, %i, %acc{{$}}
; CHECK-NEXT: {{^  }}live-out: %n, %base, %after, %acc.next, %i.next{{$}}
; CHECK-NEXT: %exit:{{$}}
; CHECK-NEXT: {{^  }}live-in: %after, %acc{{$}}
; CHECK-NEXT: {{^  }}live-out:{{$}}
