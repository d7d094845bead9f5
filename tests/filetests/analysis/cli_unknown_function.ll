; --function naming no function of the module rejects the input (exit 1) with a clear message.
; RUN: analyze %s --print domtree --function nope
; EXIT: 1

define void @f() {
entry:
  ret void
}

; ERR: cli_unknown_function.ll: error: no function named '@nope'
; CHECK-NOT: {{.}}
