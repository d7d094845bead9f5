; Metadata after a declaration's header is not an attachment (llvm-as reads it as named metadata and wants '=').
; RUN: opt %s --passes verify
; EXIT: 1

declare void @f() !my.note !0

!0 = !{}

; ERR: {{.*}}bad_declare_trailing_md.ll:5:28: error: expected '=', found '!0'
; ERR-NEXT: declare void @f() !my.note !0
