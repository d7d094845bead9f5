; Module constructors (llvm.global_ctors) cannot run on the GPU: the module printer rejects them.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @init, ptr null }]

define internal void @init() {
  ret void
}

define ptx_kernel void @k() {
  ret void
}

; ERR: err_global_ctors.ll: error: Module has a nontrivial global ctor, which NVPTX does not support.
; CHECK-NOT: .entry
