; Only phi nodes may use their own result: `%x = add i32 %x, 1` in a reachable block is rejected.
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f() {
entry:
  %x = add i32 %x, 1
  ret i32 %x
}

; ERR: {{.*}}self_reference.ll:7:3: error: in function @f, block %entry, instruction `%x = add %x, 1`: only phi nodes may use their own result
