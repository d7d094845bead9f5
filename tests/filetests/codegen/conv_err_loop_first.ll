; llvm.experimental.convergence.loop must be the first convergent operation of its block: here it follows an
; anchor.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @f(ptr %out, i32 %v) convergent {
  %t = call token @llvm.experimental.convergence.anchor()
  %u = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %t) ]
  %a = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31) [ "convergencectrl"(token %t) ]
  %b = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %a, i32 2, i32 31) [ "convergencectrl"(token %u) ]
  store i32 %b, ptr %out
  ret void
}

declare token @llvm.experimental.convergence.anchor() convergent
declare token @llvm.experimental.convergence.loop() convergent
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) convergent

; ERR: error: Loop intrinsic must be the first convergent operation in its block. (at '%u = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %t) ]') (in function 'f')
