; --stats prints static instruction counts by opcode (INST_<base opcode>: N) on stderr, sorted by name; the
; PTX still goes to stdout.
; RUN: compile %s --mcpu sm_80 --stats

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %out, i32 %a) {
  %b = add i32 %a, 1
  %c = add i32 %b, %a
  %d = mul i32 %c, %c
  store i32 %d, ptr %out
  ret void
}

; ERR: INST_add: 2
; ERR-NEXT: INST_cvta: 1
; ERR-NEXT: INST_ld: 2
; ERR-NEXT: INST_mul: 1
; ERR-NEXT: INST_ret: 1
; ERR-NEXT: INST_st: 1
; CHECK: .visible .entry k(
