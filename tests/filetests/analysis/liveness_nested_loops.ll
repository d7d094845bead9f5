; Liveness in nested loops with several exits and back edges.
; RUN: analyze %s --print liveness

; An outer loop with two latches (a `continue` and the bottom), and an inner loop with two back edges and
; three exits: to the outer latch, to an early return, and to the outer loop's `continue` path.
define i32 @nested(i32 %n, i32 %m, ptr %p) {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.c, %outer.continue ], [ %i.l, %outer.latch ]
  %ci = icmp slt i32 %i, %n
  br i1 %ci, label %inner, label %done

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner.skip ], [ %j.next, %inner.cont ]
  %x = load i32, ptr %p
  %brk = icmp eq i32 %x, %j
  br i1 %brk, label %outer.continue, label %inner.body

inner.body:
  %j.next = add i32 %j, 1
  %odd = icmp eq i32 %x, 7
  br i1 %odd, label %inner.skip, label %inner.test

inner.test:
  %bad = icmp slt i32 %x, 0
  br i1 %bad, label %early, label %inner.cont

inner.cont:
  %cj = icmp slt i32 %j.next, %m
  br i1 %cj, label %inner, label %outer.latch

inner.skip:
  br label %inner

outer.continue:
  %i.c = add i32 %i, 1
  br label %outer

outer.latch:
  %i.l = add i32 %i, 2
  store i32 %i.l, ptr %p
  br label %outer

early:
  ret i32 -1

done:
  ret i32 %i
}

; CHECK-LABEL: Liveness for function: nested{{$}}
; CHECK-NEXT: %entry:{{$}}
; CHECK-NEXT: {{^  }}live-in: %n, %m, %p{{$}}
; CHECK-NEXT: {{^  }}live-out: %n, %m, %p{{$}}
; CHECK-NEXT: %outer:{{$}}
; CHECK-NEXT: {{^  }}live-in: %n, %m, %p{{$}}
; CHECK-NEXT: {{^  }}live-out: %n, %m, %p, %i{{$}}
; CHECK-NEXT: %inner:{{$}}
; CHECK-NEXT: {{^  }}live-in: %n, %m, %p, %i{{$}}
; CHECK-NEXT: {{^  }}live-out: %n, %m, %p, %i, %j, %x{{$}}
; CHECK-NEXT: %inner.body:{{$}}
; CHECK-NEXT: {{^  }}live-in: %n, %m, %p, %i, %j, %x{{$}}
; CHECK-NEXT: {{^  }}live-out: %n, %m, %p, %i, %x, %j.next{{$}}
; CHECK-NEXT: %inner.test:{{$}}
; CHECK-NEXT: {{^  }}live-in: %n, %m, %p, %i, %x, %j.next{{$}}
; CHECK-NEXT: {{^  }}live-out: %n, %m, %p, %i, %j.next{{$}}
; CHECK-NEXT: %inner.cont:{{$}}
; CHECK-NEXT: {{^  }}live-in: %n, %m, %p, %i, %j.next{{$}}
; CHECK-NEXT: {{^  }}live-out: %n, %m, %p, %i, %j.next{{$}}
; CHECK-NEXT: %inner.skip:{{$}}
; CHECK-NEXT: {{^  }}live-in: %n, %m, %p, %i, %j.next{{$}}
; CHECK-NEXT: {{^  }}live-out: %n, %m, %p, %i, %j.next{{$}}
; CHECK-NEXT: %outer.continue:{{$}}
; CHECK-NEXT: {{^  }}live-in: %n, %m, %p, %i{{$}}
; CHECK-NEXT: {{^  }}live-out: %n, %m, %p, %i.c{{$}}
; CHECK-NEXT: %outer.latch:{{$}}
; CHECK-NEXT: {{^  }}live-in: %n, %m, %p, %i{{$}}
; CHECK-NEXT: {{^  }}live-out: %n, %m, %p, %i.l{{$}}
; CHECK-NEXT: %early:{{$}}
; CHECK-NEXT: {{^  }}live-in:{{$}}
; CHECK-NEXT: {{^  }}live-out:{{$}}
; CHECK-NEXT: %done:{{$}}
; CHECK-NEXT: {{^  }}live-in: %i{{$}}
; CHECK-NEXT: {{^  }}live-out:{{$}}
