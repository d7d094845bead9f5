; Integer (u8/s8) tensor-core wmma needs sm_72: on sm_70 it is an error, exit 1 (the PTX version
; requirements are checked too: see wmma_ptx_version.ll).
; RUN: compile %s --mcpu sm_70
; EXIT: 1
; ERR: @llvm.nvvm.wmma.m16n16k16.mma.row.col.u8 needs sm_72 or later

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %q, i32 %x) {
  %d = call { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.mma.row.col.u8(i32 %x, i32 %x, i32 %x, i32 %x, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0)
  %d0 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %d, 0
  store i32 %d0, ptr %q
  ret void
}

declare { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.mma.row.col.u8(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
