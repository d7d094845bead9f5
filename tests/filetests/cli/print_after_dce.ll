; `--print-after dce` prints the module after the dce pass to stderr under an `IR Dump After` banner; stdout still gets the final module.
; RUN: opt %s --passes verify,dce --print-after dce

define i32 @f(i32 %x) {
entry:
  %dead = mul i32 %x, 5
  %r = add i32 %x, 1
  ret i32 %r
}

; ERR-NOT: IR Dump After verify
; ERR: ; *** IR Dump After dce ***
; ERR-NEXT: define i32 @f(i32 %x) {
; ERR-NEXT: entry:
; ERR-NEXT:   %r = add i32 %x, 1
; ERR-NEXT:   ret i32 %r
; ERR-NEXT: }
; CHECK: define i32 @f(i32 %x) {
; CHECK-NOT: %dead
; CHECK: ret i32 %r
