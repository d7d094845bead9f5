; --function naming a declaration rejects the input (exit 1): there is no body to analyze.
; RUN: analyze %s --print loops --function ext
; EXIT: 1

declare void @ext()

define void @f() {
entry:
  call void @ext()
  ret void
}

; ERR: cli_declaration.ll: error: function '@ext' is a declaration: it has no body to analyze
; CHECK-NOT: {{.}}
