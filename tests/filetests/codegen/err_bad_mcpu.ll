; An unknown --mcpu is rejected with the list of supported targets.
; RUN: compile %s --mcpu sm_61
; EXIT: 2

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
  ret void
}

; ERR: simtc: error: unknown target 'sm_61' (expected one of sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a, sm_100, sm_120)
