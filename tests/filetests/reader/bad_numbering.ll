; Unnamed values are numbered in increasing order: reusing an earlier number is an error at the definition (llvm-as 19 accepts gaps, not going back).
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(i32 %0) {
  %2 = add i32 %0, 1
  %2 = add i32 %0, 2
  ret i32 %2
}

; ERR: {{.*}}bad_numbering.ll:7:3: error: instruction expected to be numbered '%3'
; ERR-NEXT:   %2 = add i32 %0, 2
; ERR-NEXT:   ^~
