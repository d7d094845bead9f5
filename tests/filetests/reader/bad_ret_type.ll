; A `ret` whose value type differs from the function's return type is rejected at the `ret` operand.
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(i64 %x) {
  ret i64 %x
}

; ERR: {{.*}}bad_ret_type.ll:6:7: error: value doesn't match function result type 'i32'
; ERR-NEXT:   ret i64 %x
