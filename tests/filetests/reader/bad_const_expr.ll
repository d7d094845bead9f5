; A constant expression whose operand types disagree with the expression's type is rejected at the opcode.
; RUN: opt %s --passes verify
; EXIT: 1

@x = global i32 add (i64 1, i64 2)

; ERR: {{.*}}bad_const_expr.ll:5:17: error: constant expression operand types do not match
; ERR-NEXT: @x = global i32 add (i64 1, i64 2)
; ERR-NEXT:                 ^~~
