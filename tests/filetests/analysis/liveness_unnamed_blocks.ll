; Liveness with numbered values and blocks: names as the IR printer writes them.
; RUN: analyze %s --print liveness

; Unnamed blocks and values, as clang -O0 writes them: blocks print as %N, numbered like the IR printer.
define i32 @unnamed(i32 %0, i32 %1) {
  %3 = icmp sgt i32 %0, %1
  br i1 %3, label %4, label %6

4:
  %5 = sub i32 %0, %1
  br label %8

6:
  %7 = sub i32 %1, %0
  br label %8

8:
  %9 = phi i32 [ %5, %4 ], [ %7, %6 ]
  %10 = icmp sgt i32 %9, 10
  br i1 %10, label %11, label %13

11:
  %12 = mul i32 %9, 2
  br label %13

13:
  %14 = phi i32 [ %12, %11 ], [ %9, %8 ]
  ret i32 %14
}

; CHECK-LABEL: Liveness for function: unnamed{{$}}
; CHECK-NEXT: %2:{{$}}
; CHECK-NEXT: {{^  }}live-in: %0, %1{{$}}
; CHECK-NEXT: {{^  }}live-out: %0, %1{{$}}
; CHECK-NEXT: %4:{{$}}
; CHECK-NEXT: {{^  }}live-in: %0, %1{{$}}
; CHECK-NEXT: {{^  }}live-out: %5{{$}}
; CHECK-NEXT: %6:{{$}}
; CHECK-NEXT: {{^  }}live-in: %0, %1{{$}}
; CHECK-NEXT: {{^  }}live-out: %7{{$}}
; CHECK-NEXT: %8:{{$}}
; CHECK-NEXT: {{^  }}live-in:{{$}}
; CHECK-NEXT: {{^  }}live-out: %9{{$}}
; CHECK-NEXT: %11:{{$}}
; CHECK-NEXT: {{^  }}live-in: %9{{$}}
; CHECK-NEXT: {{^  }}live-out: %12{{$}}
; CHECK-NEXT: %13:{{$}}
; CHECK-NEXT: {{^  }}live-in:{{$}}
; CHECK-NEXT: {{^  }}live-out:{{$}}
