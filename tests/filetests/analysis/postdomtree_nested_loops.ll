; Post-dominator tree of nested loops with several exits and back edges; the expected text is LLVM 19's `opt -passes='print<postdomtree>'` output.
; RUN: analyze %s --print postdomtree

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

; CHECK-LABEL: PostDominatorTree for function: nested{{$}}
; CHECK-NEXT: =============================--------------------------------{{$}}
; CHECK-NEXT: Inorder PostDominator Tree: DFSNumbers invalid: 0 slow queries.{{$}}
; CHECK-NEXT: {{^  }}[1]  <<exit node>> {4294967295,4294967295} [0]{{$}}
; CHECK-NEXT: {{^    }}[2] %early {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %inner.test {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %inner.body {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %inner {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^      }}[3] %inner.skip {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^    }}[2] %outer {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^      }}[3] %entry {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^      }}[3] %outer.continue {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^      }}[3] %outer.latch {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^    }}[2] %inner.cont {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %done {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: Roots: %early %done{{ $}}
