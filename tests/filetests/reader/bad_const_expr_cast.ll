; A cast constant expression whose target type is not the type of its use is rejected.
; RUN: opt %s --passes verify
; EXIT: 1

@g = global i32 0
@p = global i64 ptrtoint (ptr @g to i32)

; ERR: {{.*}}bad_const_expr_cast.ll:6:17: error: constant expression type does not match its use
; ERR-NEXT: @p = global i64 ptrtoint (ptr @g to i32)
