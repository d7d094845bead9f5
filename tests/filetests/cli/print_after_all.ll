; `--print-after all` prints after every pass in pipeline order: verify shows the input, dce the cleaned module.
; RUN: opt %s --passes verify,dce --print-after all

define i32 @f(i32 %x) {
entry:
  %dead = mul i32 %x, 5
  ret i32 %x
}

; ERR: ; *** IR Dump After verify ***
; ERR: %dead = mul i32 %x, 5
; ERR: ; *** IR Dump After dce ***
; ERR-NEXT: define i32 @f(i32 %x) {
; ERR-NEXT: entry:
; ERR-NEXT:   ret i32 %x
