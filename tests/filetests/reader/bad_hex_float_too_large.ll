; A plain hexadecimal floating-point constant wider than 64 bits is rejected instead of silently truncated (llvm-as 19 means to reject it, "constant bigger than 64 bits detected", but its overflow check misses this case).
; RUN: opt %s --passes verify
; EXIT: 1

@d = global double 0x13FF0000000000000

; ERR: {{.*}}bad_hex_float_too_large.ll:5:20: error: hexadecimal floating-point constant is bigger than 64 bits
; ERR-NEXT: @d = global double 0x13FF0000000000000
