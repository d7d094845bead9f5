; Input the reader rejects: exit 1 with the reader's diagnostic (file:line:col, source line, caret), as opt does.
; RUN: analyze %s --print domtree
; EXIT: 1

define void @f() {
entry:
  br label %nowhere
}

; ERR: cli_bad_ir.ll:7:12: error: use of undefined value '%nowhere'
; ERR-NEXT: br label %nowhere
; ERR-NEXT: ^~~~~~~~
; CHECK-NOT: {{.}}
