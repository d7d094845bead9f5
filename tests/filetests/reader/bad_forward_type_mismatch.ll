; A forward reference used with one type and defined with another is reported at the definition.
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(i1 %c) {
entry:
  br label %loop

loop:
  %p = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i64 1, 2
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %p
}

; ERR: {{.*}}bad_forward_type_mismatch.ll:11:3: error: '%n' defined with type 'i64' but expected 'i32'
; ERR-NEXT:   %n = add i64 1, 2
