; A malformed --ptx-version is rejected before reading the input.
; RUN: compile %s --ptx-version seven
; EXIT: 2

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
  ret void
}

; ERR: simtc: error: invalid PTX version 'seven' (expected X.Y, e.g. 8.0)
