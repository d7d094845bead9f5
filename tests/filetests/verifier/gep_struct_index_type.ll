; Struct indices of getelementptr must be i32 constants, in instructions and in constant expressions (llvm-as: "invalid getelementptr indices").
; RUN: opt %s --passes verify
; EXIT: 1

%S = type { i32, i8 }

@g = global %S zeroinitializer
@h = global ptr getelementptr (%S, ptr @g, i64 0, i16 1)

define ptr @f(ptr %p) {
  %a = getelementptr %S, ptr %p, i64 0, i64 1
  ret ptr %a
}

; ERR: {{.*}}gep_struct_index_type.ll:8:1: error: global @h: invalid initializer: invalid constant expression: getelementptr struct index 1 must have type i32, got i16
; ERR: {{.*}}gep_struct_index_type.ll:11:3: error: in function @f, block %bb0, instruction `%a = getelementptr %p, 0, 1`: getelementptr struct index 1 must have type i32, got i64
