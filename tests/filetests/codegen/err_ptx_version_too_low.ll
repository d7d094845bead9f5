; A --ptx-version below the target's minimum is an error, not silently raised.
; RUN: compile %s --mcpu sm_90 --ptx-version 7.0
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
  ret void
}

; ERR: err_ptx_version_too_low.ll: error: PTX version 7.0 is too old for sm_90: it needs at least PTX 7.8
; CHECK-NOT: .version
