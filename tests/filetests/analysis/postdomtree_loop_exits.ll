; Post-dominator tree of a loop with two back edges and three exits; the expected text is LLVM 19's `opt -passes='print<postdomtree>'` output.
; RUN: analyze %s --print postdomtree

; One loop with two back edges (a `continue` and the bottom test) and three exits (a `break`, an early return
; and the bottom test).
define i32 @loop_exits(ptr %a, i32 %n) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %continue ], [ %i.next, %latch ]
  %sum = phi i32 [ 0, %entry ], [ %sum, %continue ], [ %sum.next, %latch ]
  %gep = getelementptr inbounds i32, ptr %a, i32 %i
  %v = load i32, ptr %gep
  %i.next = add i32 %i, 1
  %neg = icmp slt i32 %v, 0
  br i1 %neg, label %continue, label %body

continue:
  br label %header

body:
  %big = icmp sgt i32 %v, 1000
  br i1 %big, label %break, label %check

check:
  %zero = icmp eq i32 %v, 0
  br i1 %zero, label %ret.early, label %latch

latch:
  %sum.next = add i32 %sum, %v
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %header, label %exit

break:
  br label %exit

ret.early:
  ret i32 -1

exit:
  %r = phi i32 [ %sum, %break ], [ %sum.next, %latch ]
  ret i32 %r
}

; CHECK-LABEL: PostDominatorTree for function: loop_exits{{$}}
; CHECK-NEXT: =============================--------------------------------{{$}}
; CHECK-NEXT: Inorder PostDominator Tree: DFSNumbers invalid: 0 slow queries.{{$}}
; CHECK-NEXT: {{^  }}[1]  <<exit node>> {4294967295,4294967295} [0]{{$}}
; CHECK-NEXT: {{^    }}[2] %ret.early {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %check {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %body {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^      }}[3] %header {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^        }}[4] %entry {4294967295,4294967295} [3]{{$}}
; CHECK-NEXT: {{^        }}[4] %continue {4294967295,4294967295} [3]{{$}}
; CHECK-NEXT: {{^    }}[2] %latch {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %exit {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^      }}[3] %break {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: Roots: %ret.early %exit{{ $}}
