; bypass-slow-division end to end: an i64 quotient and remainder of a size_t index by a run-time size (CUDA's
; `i / (nx * ny)` with 64-bit sizes) compile to one 32-bit division guarded by the high-bits test and
; predicated 64-bit operations for the other threads (ptxas branches around their subroutine calls); the
; 32-bit division is never executed unguarded. ptxas checks sm_90's PTX.
; RUN: compile %s -O3 --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @idx(ptr addrspace(1) %out, i64 %nx, i64 %ny) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %g = add i32 %cn, %t
  %i = zext i32 %g to i64
  %plane = mul i64 %nx, %ny
  %z = udiv i64 %i, %plane
  %rest = urem i64 %i, %plane
  %y = udiv i64 %rest, %nx
  %s = add i64 %z, %y
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %i
  store i64 %s, ptr addrspace(1) %p, align 8
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; CHECK-LABEL: .visible .entry idx(
; CHECK: setp.ge.u64 [[P:%p[0-9]+]], {{%rd[0-9]+}}, {{%rd[0-9]+}};
; CHECK: @[[P]] div.u32
; CHECK-NOT: div.u64
; CHECK-NOT: rem.u64
; CHECK: ret;
