; bf16 tensor-core wmma needs sm_80: on sm_75 it is an error naming the intrinsic and the target, exit 1.
; RUN: compile %s --mcpu sm_75
; EXIT: 1
; ERR: error: @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.bf16.p0 needs sm_80 or later {{.*}}; the target is sm_75

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %p, ptr %q) {
  %a = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.bf16.p0(ptr %p, i32 16)
  %a0 = extractvalue { i32, i32, i32, i32 } %a, 0
  store i32 %a0, ptr %q
  ret void
}

declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.bf16.p0(ptr, i32)
