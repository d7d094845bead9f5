; An alloca with a run-time element count (dynamic stack allocation) is rejected.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @dyn(ptr %out, i32 %n) {
  %buf = alloca i32, i32 %n, align 4
  store i32 0, ptr %buf
  ret void
}

; ERR: error: unsupported in codegen: alloca with a run-time size (dynamic stack allocation) (in function 'dyn')
