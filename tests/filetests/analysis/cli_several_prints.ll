; Several analyses at once; the expected text is LLVM 19's `opt -passes='print<loops>,print<domtree>'` output.
; RUN: analyze %s --print loops,domtree

; Two functions: each --print analysis is printed per function, in the order given, functions in module order
; (as `opt -passes='print<loops>,print<domtree>'` does); declarations are skipped.
declare void @ext()

define void @first(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @ext()
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define void @second(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  ret void

b:
  ret void
}

; CHECK-LABEL: Loop info for function 'first':{{$}}
; CHECK-NEXT: Loop at depth 1 containing: %loop<header><latch><exiting>{{$}}
; CHECK-NEXT: DominatorTree for function: first{{$}}
; CHECK-NEXT: =============================--------------------------------{{$}}
; CHECK-NEXT: Inorder Dominator Tree: DFSNumbers invalid: 0 slow queries.{{$}}
; CHECK-NEXT: {{^  }}[1] %entry {4294967295,4294967295} [0]{{$}}
; CHECK-NEXT: {{^    }}[2] %loop {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^      }}[3] %exit {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: Roots: %entry{{ $}}
; CHECK-NEXT: Loop info for function 'second':{{$}}
; CHECK-NEXT: DominatorTree for function: second{{$}}
; CHECK-NEXT: =============================--------------------------------{{$}}
; CHECK-NEXT: Inorder Dominator Tree: DFSNumbers invalid: 0 slow queries.{{$}}
; CHECK-NEXT: {{^  }}[1] %entry {4294967295,4294967295} [0]{{$}}
; CHECK-NEXT: {{^    }}[2] %a {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %b {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: Roots: %entry{{ $}}
