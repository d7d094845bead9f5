; SESE region tree of a function with an infinite loop; the expected text is LLVM 19's `print<regions>` output for @inf.
; RUN: analyze %s --print regions --function inf

; A server-style loop that never exits, reached when %c is false; the other path returns.
define void @inf(i1 %c, ptr %p) {
entry:
  br i1 %c, label %ret, label %loop

loop:
  %v = load volatile i32, ptr %p
  br label %body

body:
  %w = add i32 %v, 1
  store volatile i32 %w, ptr %p
  br label %loop.end

loop.end:
  br label %loop

ret:
  ret void
}

; An infinite loop with an if-then-else inside and nothing after it.
define void @inf_if(ptr %p) {
entry:
  br label %loop

loop:
  %v = load volatile i32, ptr %p
  %z = icmp eq i32 %v, 0
  br i1 %z, label %idle, label %work

idle:
  br label %loop.end

work:
  store volatile i32 0, ptr %p
  br label %loop.end

loop.end:
  br label %loop
}

; CHECK-LABEL: Region Tree for function: inf{{$}}
; CHECK-NEXT: Region tree:{{$}}
; CHECK-NEXT: [0] entry => <Function Return>{{$}}
; CHECK-NEXT: End region tree{{$}}
; CHECK-NOT: inf_if
