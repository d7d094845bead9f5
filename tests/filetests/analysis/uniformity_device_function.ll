; Uniformity: arguments of a device function are divergent. LLVM 19 prints the same, but the divergent arguments
; in hash order.
; RUN: analyze %s --print uniformity

target triple = "nvptx64-nvidia-cuda"

; A device function (not a kernel): its arguments may differ between the lanes that call it, so they are
; divergent, and so is everything computed from them, including the branch.
define i32 @device(i32 %x, i32 %y) {
entry:
  %s = add i32 %x, %y
  %c = icmp sgt i32 %s, 0
  br i1 %c, label %pos, label %done

pos:
  %d = mul i32 %s, 2
  br label %done

done:
  %r = phi i32 [ %d, %pos ], [ 0, %entry ]
  ret i32 %r
}

; CHECK-LABEL: UniformityInfo for function 'device':{{$}}
; CHECK-NEXT: DIVERGENT ARGUMENTS:{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT: i32 %x{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT: i32 %y{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK entry{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %s = add i32 %x, %y{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %c = icmp sgt i32 %s, 0{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   br i1 %c, label %pos, label %done{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK pos{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %d = mul i32 %s, 2{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br label %done{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK done{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %r = phi i32 [ %d, %pos ], [ 0, %entry ]{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   ret i32 %r{{$}}
; CHECK-NEXT: END BLOCK{{$}}
