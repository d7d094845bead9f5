; SESE region tree of several returns and an unreachable; the expected text is LLVM 19's `opt -passes='print<regions>'` output.
; RUN: analyze %s --print regions

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

; CHECK-LABEL: Region Tree for function: multi{{$}}
; CHECK-NEXT: Region tree:{{$}}
; CHECK-NEXT: [0] entry => <Function Return>{{$}}
; CHECK-NEXT: End region tree{{$}}
