; `invoke` (exception handling) is rejected as unsupported at the opcode.
; RUN: opt %s --passes verify
; EXIT: 1

declare void @may_throw()

define void @f() {
entry:
  invoke void @may_throw() to label %ok unwind label %bad

ok:
  ret void

bad:
  unreachable
}

; ERR: {{.*}}unsupported_invoke.ll:9:3: error: unsupported: 'invoke' (exception handling and indirect branches cannot reach a GPU)
; ERR-NEXT:   invoke void @may_throw() to label %ok unwind label %bad
; ERR-NEXT:   ^~~~~~
