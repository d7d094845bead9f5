; A branch to a label that no block defines is reported at the first use of the label.
; RUN: opt %s --passes verify
; EXIT: 1

define void @f(i1 %c) {
entry:
  br i1 %c, label %then, label %nowhere

then:
  br label %nowhere
}

; ERR: {{.*}}bad_undef_block.ll:7:32: error: use of undefined value '%nowhere'
; ERR-NEXT:   br i1 %c, label %then, label %nowhere
