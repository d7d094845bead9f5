; SESE region tree of an if-then-else joined by a phi; the expected text is LLVM 19's `opt -passes='print<regions>'` output.
; RUN: analyze %s --print regions

define i32 @diamond(i1 %c, i32 %a, i32 %b) {
entry:
  %s = add i32 %a, %b
  br i1 %c, label %then, label %else

then:
  %t = mul i32 %s, 3
  br label %join

else:
  %e = sub i32 %s, %b
  br label %join

join:
  %p = phi i32 [ %t, %then ], [ %e, %else ]
  %r = add i32 %p, %a
  ret i32 %r
}

; CHECK-LABEL: Region Tree for function: diamond{{$}}
; CHECK-NEXT: Region tree:{{$}}
; CHECK-NEXT: [0] entry => <Function Return>{{$}}
; CHECK-NEXT: {{^  }}[1] entry => join{{$}}
; CHECK-NEXT: End region tree{{$}}
