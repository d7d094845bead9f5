; A use of a local value that is never defined is reported at the use.
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(i32 %x) {
  %a = add i32 %x, %y
  ret i32 %a
}

; ERR: {{.*}}bad_undef_value.ll:6:20: error: use of undefined value '%y'
; ERR-NEXT:   %a = add i32 %x, %y
; ERR-NEXT:                    ^~
