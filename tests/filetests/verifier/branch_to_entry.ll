; The entry block must not have predecessors: a branch back to it is rejected.
; RUN: opt %s --passes verify
; EXIT: 1

define void @f(i1 %c) {
entry:
  br i1 %c, label %entry, label %exit

exit:
  ret void
}

; ERR: {{.*}}branch_to_entry.ll:7:3: error: in function @f, block %entry, instruction `br %c, label %entry, label %exit`: the entry block %entry must not have predecessors
