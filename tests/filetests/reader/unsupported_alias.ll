; Global aliases are rejected as unsupported.
; RUN: opt %s --passes verify
; EXIT: 1

@target = global i32 0
@al = alias i32, ptr @target

; ERR: {{.*}}unsupported_alias.ll:6:7: error: unsupported: global aliases and ifuncs
; ERR-NEXT: @al = alias i32, ptr @target
; ERR-NEXT:       ^~~~~
