; A character no token starts with is reported at its position.
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(i32 %x) {
  %a = add i32 %x, ?1
  ret i32 %a
}

; ERR: {{.*}}bad_invalid_char.ll:6:20: error: invalid character '?'
; ERR-NEXT:   %a = add i32 %x, ?1
; ERR-NEXT:                    ^
