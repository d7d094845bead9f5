; A use of a value with a type other than its definition's is an error at the use.
; RUN: opt %s --passes verify
; EXIT: 1

define i64 @f(i32 %x) {
  %w = add i64 %x, 1
  ret i64 %w
}

; ERR: {{.*}}bad_type_mismatch.ll:6:16: error: '%x' defined with type 'i32' but expected 'i64'
; ERR-NEXT:   %w = add i64 %x, 1
; ERR-NEXT:                ^~
