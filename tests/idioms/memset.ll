; Small memsets of global memory: each thread sets bytes of out[] (12 words at out + 48 * gid, aligned to 16):
; bytes 0-11 to 0 (align 16: a 64-bit and a 32-bit store of 0; bytes 12-15 keep the initial ones), bytes 16-39 to the low byte of its gid (align 8: six 32-bit
; stores of the splatted byte), bytes 40-47 to 0xab (align 8: one 64-bit store of the constant), then word 11
; (the high half of that store) to gid + 1. crates/simtc/tests/idioms.rs.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.memset.p1.i64(ptr addrspace(1) nocapture writeonly, i8, i64, i1 immarg)

define ptx_kernel void @clear(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cb = mul i32 %c, %nt
  %gid = add i32 %cb, %t
  %w = mul i32 %gid, 12
  %w64 = zext i32 %w to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %w64
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 16 %p, i8 0, i64 12, i1 false)
  %p16 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 16
  %b = trunc i32 %gid to i8
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 8 %p16, i8 %b, i64 24, i1 false)
  %p40 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 40
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 8 %p40, i8 -85, i64 8, i1 false)
  %p44 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 44
  %g1 = add i32 %gid, 1
  store i32 %g1, ptr addrspace(1) %p44, align 4
  ret void
}
