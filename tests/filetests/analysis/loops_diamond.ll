; Natural loops of an if-then-else joined by a phi (no loop: only the header line); the expected text is LLVM 19's `opt -passes='print<loops>'` output.
; RUN: analyze %s --print loops

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

; CHECK-LABEL: Loop info for function 'diamond':{{$}}
