; Post-dominator tree of a function whose infinite loop reaches no return: the loop's bottom block is connected to the
; virtual exit (a root), as LLVM does; the expected text is LLVM 19's `print<postdomtree>` output for @inf.
; RUN: analyze %s --print postdomtree --function inf

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

; CHECK-LABEL: PostDominatorTree for function: inf{{$}}
; CHECK-NEXT: =============================--------------------------------{{$}}
; CHECK-NEXT: Inorder PostDominator Tree: DFSNumbers invalid: 0 slow queries.{{$}}
; CHECK-NEXT: {{^  }}[1]  <<exit node>> {4294967295,4294967295} [0]{{$}}
; CHECK-NEXT: {{^    }}[2] %ret {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %entry {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %loop.end {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^      }}[3] %body {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^        }}[4] %loop {4294967295,4294967295} [3]{{$}}
; CHECK-NEXT: Roots: %ret %loop.end{{ $}}
; CHECK-NOT: inf_if
