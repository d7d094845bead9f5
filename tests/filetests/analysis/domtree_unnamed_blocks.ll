; Dominator tree of unnamed (numbered) blocks; the expected text is LLVM 19's `opt -passes='print<domtree>'` output.
; RUN: analyze %s --print domtree

; Unnamed blocks and values, as clang -O0 writes them: blocks print as %N, numbered like the IR printer.
define i32 @unnamed(i32 %0, i32 %1) {
  %3 = icmp sgt i32 %0, %1
  br i1 %3, label %4, label %6

4:
  %5 = sub i32 %0, %1
  br label %8

6:
  %7 = sub i32 %1, %0
  br label %8

8:
  %9 = phi i32 [ %5, %4 ], [ %7, %6 ]
  %10 = icmp sgt i32 %9, 10
  br i1 %10, label %11, label %13

11:
  %12 = mul i32 %9, 2
  br label %13

13:
  %14 = phi i32 [ %12, %11 ], [ %9, %8 ]
  ret i32 %14
}

; CHECK-LABEL: DominatorTree for function: unnamed{{$}}
; CHECK-NEXT: =============================--------------------------------{{$}}
; CHECK-NEXT: Inorder Dominator Tree: DFSNumbers invalid: 0 slow queries.{{$}}
; CHECK-NEXT: {{^  }}[1] %2 {4294967295,4294967295} [0]{{$}}
; CHECK-NEXT: {{^    }}[2] %4 {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %8 {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^      }}[3] %11 {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^      }}[3] %13 {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^    }}[2] %6 {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: Roots: %2{{ $}}
