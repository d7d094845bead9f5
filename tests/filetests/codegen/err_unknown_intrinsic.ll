; An intrinsic the back end does not know is an error naming it.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @u(ptr %out, float %x) {
  %y = call float @llvm.nvvm.frobnicate.f(float %x)
  store float %y, ptr %out
  ret void
}

declare float @llvm.nvvm.frobnicate.f(float)

; ERR: error: unsupported in codegen: intrinsic @llvm.nvvm.frobnicate.f (in function 'u')
