; i128 arithmetic is not supported.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @wide(ptr %out, i64 %a, i64 %b) {
  %x = zext i64 %a to i128
  %y = zext i64 %b to i128
  %m = mul i128 %x, %y
  %h = lshr i128 %m, 64
  %t = trunc i128 %h to i64
  store i64 %t, ptr %out
  ret void
}

; ERR: error: unsupported in codegen: `zext` involving i128 (in function 'wide')
