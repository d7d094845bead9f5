; A getelementptr index into a struct must be a constant in range.
; RUN: opt %s --passes verify
; EXIT: 1

%s = type { i32, float }

define ptr @f(ptr %p, i32 %i) {
  %a = getelementptr %s, ptr %p, i64 0, i32 %i
  %b = getelementptr %s, ptr %p, i64 0, i32 2
  ret ptr %a
}

; ERR: {{.*}}gep_struct_index.ll:8:3: error: in function @f, block %bb0, instruction `%a = getelementptr %p, 0, %i`: getelementptr struct index 1 must be a constant integer
; ERR: {{.*}}gep_struct_index.ll:9:3: error: in function @f, block %bb0, instruction `%b = getelementptr %p, 0, 2`: getelementptr struct index 2 is out of range for %s
