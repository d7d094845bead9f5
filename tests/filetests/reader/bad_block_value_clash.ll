; Blocks and values share one namespace: defining `%x` when a block `x` exists is an error (llvm-as rejects it too).
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(i32 %a) {
entry:
  br label %x

x:
  %x = add i32 %a, 1
  ret i32 %x
}

; ERR: {{.*}}bad_block_value_clash.ll:10:3: error: '%x' is a basic block, not a value
; ERR-NEXT:   %x = add i32 %a, 1
; ERR-NEXT:   ^~
