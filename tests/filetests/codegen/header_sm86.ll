; Each target gets its own minimum PTX version: sm_86 -> 7.1.
; RUN: compile %s --mcpu sm_86

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
  ret void
}

; CHECK: .version 7.1
; CHECK-NEXT: .target sm_86
