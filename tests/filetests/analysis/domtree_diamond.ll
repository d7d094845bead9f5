; Dominator tree of an if-then-else joined by a phi; the expected text is LLVM 19's `opt -passes='print<domtree>'` output.
; RUN: analyze %s --print domtree

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

; CHECK-LABEL: DominatorTree for function: diamond{{$}}
; CHECK-NEXT: =============================--------------------------------{{$}}
; CHECK-NEXT: Inorder Dominator Tree: DFSNumbers invalid: 0 slow queries.{{$}}
; CHECK-NEXT: {{^  }}[1] %entry {4294967295,4294967295} [0]{{$}}
; CHECK-NEXT: {{^    }}[2] %then {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %join {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %else {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: Roots: %entry{{ $}}
