; Phi nodes must be grouped at the top of their block.
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(i1 %c, i32 %x) {
entry:
  br i1 %c, label %a, label %join

a:
  br label %join

join:
  %y = add i32 %x, 1
  %p = phi i32 [ 1, %a ], [ 2, %entry ]
  %s = add i32 %p, %y
  ret i32 %s
}

; ERR: {{.*}}phi_not_first.ll:14:3: error: in function @f, block %join, instruction `%p = phi [1, %a], [2, %entry]`: phi nodes must be grouped at the top of their block
