; Input that parses but fails the verifier (a use not dominated by its definition) is rejected before any
; analysis runs: exit 1.
; RUN: analyze %s --print liveness
; EXIT: 1

define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = add i32 1, 2
  br label %b
b:
  ret i32 %x
}

; ERR: cli_broken_module.ll:13:3: error: in function @f, block %b, instruction `ret %x`: instruction does not dominate all uses: %x (defined in block %a) is used here
; ERR-NEXT: ret i32 %x
; CHECK-NOT: {{.}}
