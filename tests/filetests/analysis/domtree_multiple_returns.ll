; Dominator tree of several returns and an unreachable; the expected text is LLVM 19's `opt -passes='print<domtree>'` output.
; RUN: analyze %s --print domtree

; Several returns and an `unreachable` after a no-return call: each is a root of the post-dominator tree.
declare void @abort() noreturn

define i32 @multi(i32 %x) {
entry:
  %neg = icmp slt i32 %x, 0
  br i1 %neg, label %ret.neg, label %check.big

check.big:
  %big = icmp sgt i32 %x, 100
  br i1 %big, label %fail, label %check.zero

check.zero:
  %zero = icmp eq i32 %x, 0
  br i1 %zero, label %ret.zero, label %ret.pos

fail:
  call void @abort()
  unreachable

ret.neg:
  ret i32 -1

ret.zero:
  ret i32 0

ret.pos:
  ret i32 1
}

; CHECK-LABEL: DominatorTree for function: multi{{$}}
; CHECK-NEXT: =============================--------------------------------{{$}}
; CHECK-NEXT: Inorder Dominator Tree: DFSNumbers invalid: 0 slow queries.{{$}}
; CHECK-NEXT: {{^  }}[1] %entry {4294967295,4294967295} [0]{{$}}
; CHECK-NEXT: {{^    }}[2] %ret.neg {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^    }}[2] %check.big {4294967295,4294967295} [1]{{$}}
; CHECK-NEXT: {{^      }}[3] %fail {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^      }}[3] %check.zero {4294967295,4294967295} [2]{{$}}
; CHECK-NEXT: {{^        }}[4] %ret.zero {4294967295,4294967295} [3]{{$}}
; CHECK-NEXT: {{^        }}[4] %ret.pos {4294967295,4294967295} [3]{{$}}
; CHECK-NEXT: Roots: %entry{{ $}}
