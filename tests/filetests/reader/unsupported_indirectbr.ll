; `indirectbr` is rejected as unsupported.
; RUN: opt %s --passes verify
; EXIT: 1

define void @f(ptr %target) {
entry:
  indirectbr ptr %target, [label %a]

a:
  ret void
}

; ERR: {{.*}}unsupported_indirectbr.ll:7:3: error: unsupported: 'indirectbr' (exception handling and indirect branches cannot reach a GPU)
; ERR-NEXT:   indirectbr ptr %target, [label %a]
