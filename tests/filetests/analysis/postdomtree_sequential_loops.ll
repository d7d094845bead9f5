; Post-dominator tree of two sequential loops and an unreachable block; the expected text is LLVM 19's `opt -passes='print<postdomtree>'` output.
; RUN: analyze %s --print postdomtree

; Two loops one after the other (LLVM lists top-level loops in post-order: the second loop first), and a block
; no path reaches (left out of the dominator tree, kept in the post-dominator tree).
define i32 @seq(i32 %n) {
entry:
  br label %first

first:
  %i = phi i32 [ 0, %entry ], [ %i.next, %first ]
  %i.next = add i32 %i, 1
  %c1 = icmp slt i32 %i.next, %n
  br i1 %c1, label %first, label %between

between:
  br label %second

second:
  %j = phi i32 [ %i.next, %between ], [ %j.next, %second.latch ]
  %j.next = mul i32 %j, 2
  br label %second.latch

second.latch:
  %c2 = icmp slt i32 %j.next, 1000
  br i1 %c2, label %second, label %exit

dead:
  br label %second.latch

exit:
  ret i32 %j.next
}

; CHECK-LABEL: PostDominatorTree for function: seq{{$}}
; CHECK-NEXT: =============================--------------------------------{{$}}
; CHECK-NEXT: Inorder PostDominator Tree: DFSNumbers invalid: 0 slow queries.{{$}}
; CHECK-NEXT: {{^  }}[1]  <<exit node>> {4294967295,4294967295} [0]{{$}}
; CHECK-NEXT: {{^    }}[2] %exit {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^      }}[3] %second.latch {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^        }}[4] %second {4294967295,4294967295} [3]{{$}}
; CHECK-NEXT: {{^          }}[5] %between {4294967295,4294967295} [4]{{$}}
; CHECK-NEXT: {{^            }}[6] %first {4294967295,4294967295} [5]{{$}}
; CHECK-NEXT: {{^              }}[7] %entry {4294967295,4294967295} [6]{{$}}
; CHECK-NEXT: {{^        }}[4] %dead {4294967295,4294967295} [3]{{$}}
; CHECK-NEXT: Roots: %exit{{ $}}
