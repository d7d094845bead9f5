; Dominator tree of an irreducible cycle with a natural loop inside; the expected text is LLVM 19's `opt -passes='print<domtree>'` output.
; RUN: analyze %s --print domtree

; An irreducible cycle: %a and %b jump to each other and both are entered from %entry, so neither dominates
; the other and there is no natural loop. A natural loop (%inner) sits inside %b.
define void @irr(i1 %c, i1 %d, i32 %n) {
entry:
  br i1 %c, label %a, label %b

a:
  br i1 %d, label %b, label %exit

b:
  br label %inner

inner:
  %i = phi i32 [ 0, %b ], [ %i.next, %inner ]
  %i.next = add i32 %i, 1
  %ci = icmp slt i32 %i.next, %n
  br i1 %ci, label %inner, label %b.end

b.end:
  br i1 %d, label %a, label %exit

exit:
  ret void
}

; CHECK-LABEL: DominatorTree for function: irr{{$}}
; CHECK-NEXT: =============================--------------------------------{{$}}
; CHECK-NEXT: Inorder Dominator Tree: DFSNumbers invalid: 0 slow queries.{{$}}
; CHECK-NEXT: {{^  }}[1] %entry {4294967295,4294967295} [0]{{$}}
; CHECK-NEXT: {{^    }}[2] %a {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %b {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^      }}[3] %inner {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^        }}[4] %b.end {4294967295,4294967295} [3]{{$}}
; CHECK-NEXT: {{^    }}[2] %exit {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: Roots: %entry{{ $}}
