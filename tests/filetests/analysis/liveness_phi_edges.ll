; Liveness of phi operands on edges, dead values and unused arguments.
; RUN: analyze %s --print liveness

; Phi operands are live-out of the incoming block only: %x reaches the join's phi through %mid and %mid2, so it is
; live in both, but not live-in at %join; the dead value %dead and the unused argument %unused are never live.
define i32 @phi_edges(i1 %c, i32 %a, i32 %unused) {
entry:
  %x = add i32 %a, 1
  %y = mul i32 %a, 2
  %dead = sub i32 %a, 9
  br i1 %c, label %mid, label %join

mid:
  br label %mid2

mid2:
  br label %join

join:
  %p = phi i32 [ %y, %entry ], [ %x, %mid2 ]
  ret i32 %p
}

; CHECK-LABEL: Liveness for function: phi_edges{{$}}
; CHECK-NEXT: %entry:{{$}}
; CHECK-NEXT: {{^  }}live-in: %c, %a{{$}}
; CHECK-NEXT: {{^  }}live-out: %x, %y{{$}}
; CHECK-NEXT: %mid:{{$}}
; CHECK-NEXT: {{^  }}live-in: %x{{$}}
; CHECK-NEXT: {{^  }}live-out: %x{{$}}
; CHECK-NEXT: %mid2:{{$}}
; CHECK-NEXT: {{^  }}live-in: %x{{$}}
; CHECK-NEXT: {{^  }}live-out: %x{{$}}
; CHECK-NEXT: %join:{{$}}
; CHECK-NEXT: {{^  }}live-in:{{$}}
; CHECK-NEXT: {{^  }}live-out:{{$}}
