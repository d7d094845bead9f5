; `va_arg` is rejected as unsupported.
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(ptr %ap) {
  %v = va_arg ptr %ap, i32
  ret i32 %v
}

; ERR: {{.*}}unsupported_va_arg.ll:6:8: error: unsupported: 'va_arg' (variadic functions cannot reach a GPU)
; ERR-NEXT:   %v = va_arg ptr %ap, i32
