; `--disable-pass dce` skips the pass: the dead instruction stays.
; RUN: opt %s --passes verify,dce --disable-pass dce

define i32 @f(i32 %x) {
  %dead = mul i32 %x, 5
  ret i32 %x
}

; CHECK: %dead = mul i32 %x, 5
; CHECK-NEXT: ret i32 %x
