; An integer literal that does not fit its type is rejected at the literal (stricter than llvm-as 19, which truncates it silently).
; RUN: opt %s --passes verify
; EXIT: 1

define i8 @f(i8 %x) {
  %a = add i8 %x, 256
  ret i8 %a
}

; ERR: {{.*}}bad_int_too_large.ll:6:19: error: integer constant '256' does not fit in i8
; ERR-NEXT:   %a = add i8 %x, 256
; ERR-NEXT:                   ^~~
