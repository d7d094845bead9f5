; A value defined in one arm of a diamond and used after the join is not dominated by its definition.
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(i1 %c, i32 %x) {
entry:
  br i1 %c, label %then, label %join

then:
  %y = add i32 %x, 1
  br label %join

join:
  %z = mul i32 %y, 2
  ret i32 %z
}

; ERR: {{.*}}use_not_dominated.ll:14:3: error: in function @f, block %join, instruction `%z = mul %y, 2`: instruction does not dominate all uses: %y (defined in block %then) is used here
