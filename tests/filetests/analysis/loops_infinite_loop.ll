; Natural loops of infinite loops; the expected text is LLVM 19's `opt -passes='print<loops>'` output.
; RUN: analyze %s --print loops

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

; CHECK-LABEL: Loop info for function 'inf':{{$}}
; CHECK-NEXT: Loop at depth 1 containing: %loop<header>,%body,%loop.end<latch>{{$}}
; CHECK-NEXT: Loop info for function 'inf_if':{{$}}
; CHECK-NEXT: Loop at depth 1 containing: %loop<header>,%work,%idle,%loop.end<latch>{{$}}
