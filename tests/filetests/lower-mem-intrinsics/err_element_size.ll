; An element-wise atomic memcpy with 16-byte elements has no single PTX access per element: a clear error.
; RUN: compile %s --mcpu sm_90
; EXIT: 1
; ERR: element size 16 of an element-wise atomic memcpy in @k is not supported (1, 2, 4 or 8 bytes)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %d, ptr addrspace(1) %s) {
  call void @llvm.memcpy.element.unordered.atomic.p1.p1.i64(ptr addrspace(1) align 16 %d, ptr addrspace(1) align 16 %s, i64 64, i32 16)
  ret void
}

declare void @llvm.memcpy.element.unordered.atomic.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i32)
