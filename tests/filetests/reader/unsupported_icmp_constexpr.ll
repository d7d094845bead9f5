; `icmp` constant expressions (removed from LLVM) are rejected as unsupported.
; RUN: opt %s --passes verify
; EXIT: 1

@g = global i32 0
@b = global i1 icmp eq (ptr @g, ptr null)

; ERR: {{.*}}unsupported_icmp_constexpr.ll:6:16: error: unsupported: 'icmp' constant expressions (removed from LLVM)
; ERR-NEXT: @b = global i1 icmp eq (ptr @g, ptr null)
