; Dominator tree of a switch (shared case target, case straight to the join) inside a loop; the expected text is LLVM 19's `opt -passes='print<domtree>'` output.
; RUN: analyze %s --print domtree

; A switch with a default, two cases sharing a target, a case that jumps straight to the join, and a loop
; around it all.
define i32 @sw(i32 %x, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %join ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %join ]
  %k = add i32 %x, %i
  switch i32 %k, label %default [
    i32 0, label %case0
    i32 1, label %case12
    i32 2, label %case12
    i32 3, label %join
  ]

case0:
  br label %join

case12:
  %t = mul i32 %k, 2
  br label %join

default:
  br label %join

join:
  %v = phi i32 [ 1, %case0 ], [ %t, %case12 ], [ 3, %loop ], [ 5, %default ]
  %acc.next = add i32 %acc, %v
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %acc.next
}

; CHECK-LABEL: DominatorTree for function: sw{{$}}
; CHECK-NEXT: =============================--------------------------------{{$}}
; CHECK-NEXT: Inorder Dominator Tree: DFSNumbers invalid: 0 slow queries.{{$}}
; CHECK-NEXT: {{^  }}[1] %entry {4294967295,4294967295} [0]{{$}}
; CHECK-NEXT: {{^    }}[2] %loop {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^      }}[3] %default {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^      }}[3] %join {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^        }}[4] %exit {4294967295,4294967295} [3]{{$}}
; CHECK-NEXT: {{^      }}[3] %case0 {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^      }}[3] %case12 {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: Roots: %entry{{ $}}
