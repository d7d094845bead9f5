; A block that runs into the next label without a terminator is reported at that label.
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(i32 %x) {
entry:
  %a = add i32 %x, 1

next:
  ret i32 %a
}

; ERR: {{.*}}bad_no_terminator.ll:9:1: error: expected instruction: basic block does not end with a terminator
; ERR-NEXT: next:
; ERR-NEXT: ^~~~~
