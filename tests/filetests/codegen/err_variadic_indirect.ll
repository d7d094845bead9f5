; An indirect call through a variadic function type is rejected at the call.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @p(ptr %fp, i32 %v) {
  %r = call i32 (i32, ...) %fp(i32 %v, i32 %v)
  ret void
}

; ERR: error: unsupported in codegen: calls to variadic functions (in function 'p')
