; Funnel shifts narrower than their register (i8, i16 in .b16; i24 in .b32), as clang emits for byte rotations
; (HeCBench's present-cuda: `(x << 5) | (x >> 3)` on unsigned char becomes @llvm.fshl.i8). Thread t takes
; a = in[t], b = in[t + 1], s = in[t + 2] (raw 32-bit words, truncated), and writes fshl and fshr of each width,
; with variable operands and with constants (i8 amount 5; i16 a = -1 and amount -3, i.e. 0xfffd mod 16 = 13), to
; out[8 t ...].
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @funnel(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cb = mul i32 %c, %n
  %g = add i32 %cb, %t
  %g64 = zext i32 %g to i64
  %pa = getelementptr i32, ptr addrspace(1) %in, i64 %g64
  %a = load i32, ptr addrspace(1) %pa, align 4
  %pb = getelementptr i32, ptr addrspace(1) %pa, i64 1
  %b = load i32, ptr addrspace(1) %pb, align 4
  %ps = getelementptr i32, ptr addrspace(1) %pa, i64 2
  %s = load i32, ptr addrspace(1) %ps, align 4
  %a8 = trunc i32 %a to i8
  %b8 = trunc i32 %b to i8
  %s8 = trunc i32 %s to i8
  %a16 = trunc i32 %a to i16
  %b16 = trunc i32 %b to i16
  %s16 = trunc i32 %s to i16
  %a24 = trunc i32 %a to i24
  %b24 = trunc i32 %b to i24
  %s24 = trunc i32 %s to i24
  %l8 = call i8 @llvm.fshl.i8(i8 %a8, i8 %b8, i8 %s8)
  %r8 = call i8 @llvm.fshr.i8(i8 %a8, i8 %b8, i8 %s8)
  %k8 = call i8 @llvm.fshl.i8(i8 %a8, i8 %a8, i8 5)
  %l16 = call i16 @llvm.fshl.i16(i16 %a16, i16 %b16, i16 %s16)
  %r16 = call i16 @llvm.fshr.i16(i16 %a16, i16 %b16, i16 %s16)
  %k16 = call i16 @llvm.fshr.i16(i16 -1, i16 %b16, i16 -3)
  %l24 = call i24 @llvm.fshl.i24(i24 %a24, i24 %b24, i24 %s24)
  %r24 = call i24 @llvm.fshr.i24(i24 %a24, i24 %b24, i24 %s24)
  %o = mul i64 %g64, 8
  %q0 = getelementptr i32, ptr addrspace(1) %out, i64 %o
  %e0 = zext i8 %l8 to i32
  store i32 %e0, ptr addrspace(1) %q0, align 4
  %q1 = getelementptr i32, ptr addrspace(1) %q0, i64 1
  %e1 = zext i8 %r8 to i32
  store i32 %e1, ptr addrspace(1) %q1, align 4
  %q2 = getelementptr i32, ptr addrspace(1) %q0, i64 2
  %e2 = zext i8 %k8 to i32
  store i32 %e2, ptr addrspace(1) %q2, align 4
  %q3 = getelementptr i32, ptr addrspace(1) %q0, i64 3
  %e3 = zext i16 %l16 to i32
  store i32 %e3, ptr addrspace(1) %q3, align 4
  %q4 = getelementptr i32, ptr addrspace(1) %q0, i64 4
  %e4 = zext i16 %r16 to i32
  store i32 %e4, ptr addrspace(1) %q4, align 4
  %q5 = getelementptr i32, ptr addrspace(1) %q0, i64 5
  %e5 = zext i16 %k16 to i32
  store i32 %e5, ptr addrspace(1) %q5, align 4
  %q6 = getelementptr i32, ptr addrspace(1) %q0, i64 6
  %e6 = zext i24 %l24 to i32
  store i32 %e6, ptr addrspace(1) %q6, align 4
  %q7 = getelementptr i32, ptr addrspace(1) %q0, i64 7
  %e7 = zext i24 %r24 to i32
  store i32 %e7, ptr addrspace(1) %q7, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i8 @llvm.fshl.i8(i8, i8, i8)
declare i8 @llvm.fshr.i8(i8, i8, i8)
declare i16 @llvm.fshl.i16(i16, i16, i16)
declare i16 @llvm.fshr.i16(i16, i16, i16)
declare i24 @llvm.fshl.i24(i24, i24, i24)
declare i24 @llvm.fshr.i24(i24, i24, i24)
