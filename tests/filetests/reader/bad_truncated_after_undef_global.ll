; A file cut short: the syntax error at the end of the input is reported, where llvm-as reports it, not the use
; of `@g`, whose definition was cut off.
; RUN: opt %s --passes verify
; EXIT: 1
; ERR: {{.*}}bad_truncated_after_undef_global.ll:9:18: error: expected

define void @f() {
  call void @g()
  %x = add i32 1,