; Variadic functions (CUDA's printf goes through vprintf instead) are rejected, already at their declaration.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @printf(ptr, ...)

@fmt = internal addrspace(4) constant [4 x i8] c"%d\0A\00"

define ptx_kernel void @p(i32 %v) {
  %f = addrspacecast ptr addrspace(4) @fmt to ptr
  %r = call i32 (ptr, ...) @printf(ptr %f, i32 %v)
  ret void
}

; ERR: error: unsupported in codegen: variadic function (in function 'printf')
