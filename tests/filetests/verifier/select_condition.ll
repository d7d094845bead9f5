; A select condition that is not i1 (or a vector of i1) is rejected.
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(i32 %c, i32 %a, i32 %b) {
  %s = select i32 %c, i32 %a, i32 %b
  ret i32 %s
}

; ERR: {{.*}}select_condition.ll:6:3: error: in function @f, block %bb0, instruction `%s = select %c, %a, %b`: select condition must be i1 or a vector of i1 as long as the operands, got i32
