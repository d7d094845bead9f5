; A `shl` constant expression that cannot be folded (a pointer operand) is unsupported: LLVM 19 removed it.
; RUN: opt %s --passes verify
; EXIT: 1

@s = global i32 0
@x = global i64 shl (i64 ptrtoint (ptr @s to i64), i64 2)

; ERR: {{.*}}unsupported_shl_constexpr.ll:6:17: error: unsupported: 'shl' constant expressions (removed in LLVM 19)
; ERR-NEXT: @x = global i64 shl (i64 ptrtoint (ptr @s to i64), i64 2)
