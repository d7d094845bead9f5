; A function that calls itself, and function comdats, read and written back.
; RUN: opt %s --passes verify
; CHECK: $rec = comdat any
; CHECK: define linkonce_odr i32 @rec(i32 %n) comdat {
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call i32 @rec(i32 %n)
$rec = comdat any

define linkonce_odr i32 @rec(i32 %n) comdat {
entry:
  %r = call i32 @rec(i32 %n)
  ret i32 %r
}
