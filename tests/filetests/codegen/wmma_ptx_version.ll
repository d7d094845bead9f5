; s8 tensor-core wmma needs PTX 6.3: sm_72 with --ptx-version 6.1 is an error that says so, exit 1.
; RUN: compile %s --mcpu sm_72 --ptx-version 6.1
; EXIT: 1
; ERR: @llvm.nvvm.wmma.m16n16k16.load.a.row.s8.p0 needs PTX ISA 6.3 or later, the module is PTX 6.1 (use --ptx-version)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %p, ptr %q) {
  %a = call { i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.a.row.s8.p0(ptr %p)
  %a0 = extractvalue { i32, i32 } %a, 0
  store i32 %a0, ptr %q
  ret void
}

declare { i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.a.row.s8.p0(ptr)
