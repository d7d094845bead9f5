; Cast typing is checked by the verifier: a zext to a narrower type and a bitcast between different sizes.
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(i64 %x, float %y) {
  %a = zext i64 %x to i32
  %b = bitcast float %y to i64
  ret i32 %a
}

; ERR: {{.*}}bad_cast.ll:6:3: error: in function @f, block %bb0, instruction `%a = zext %x`: zext result must be wider than its operand (i64 to i32)
; ERR: {{.*}}bad_cast.ll:7:3: error: in function @f, block %bb0, instruction `%b = bitcast %y`: bitcast requires types of the same bit size (float to i64)
