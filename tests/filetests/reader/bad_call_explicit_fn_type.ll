; A call whose arguments do not match its explicit function type (here one argument too many) is rejected at the type.
; RUN: opt %s --passes verify
; EXIT: 1

declare i32 @printf(ptr, ...)

define void @f(ptr %fmt) {
  %a = call i32 (ptr, ...) @printf(ptr %fmt, i32 1)
  %b = call i32 (ptr) @printf(ptr %fmt, i32 2)
  ret void
}

; ERR: {{.*}}bad_call_explicit_fn_type.ll:9:13: error: call arguments do not match the function type
; ERR-NEXT:   %b = call i32 (ptr) @printf(ptr %fmt, i32 2)
