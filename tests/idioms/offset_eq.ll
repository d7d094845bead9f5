; Equality tests of x + c against a constant (peephole tests x against the difference): each thread computes
; x = gid - 20 and writes out[gid] = (x + 1 == 7) | (x + 5 != 2) << 1 | (x - 4 == 20) << 2
; | (x + 1 == 0) << 3 | ((x + 1) * 514 & 0xffff) << 8, and in 64 bits (x64 - 8 == 18) << 4.
; crates/simtc/tests/idioms.rs.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define ptx_kernel void @offset_eq(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cb = mul i32 %c, %nt
  %gid = add i32 %cb, %t
  %x = sub i32 %gid, 20
  %a = add i32 %x, 1
  %e0 = icmp eq i32 %a, 7
  %b = add i32 %x, 5
  %e1 = icmp ne i32 %b, 2
  %d = add i32 %x, -4
  %e2 = icmp eq i32 %d, 20
  %e3 = icmp eq i32 %a, 0
  %x64 = sext i32 %x to i64
  %d64 = add i64 %x64, -8
  %e4 = icmp eq i64 %d64, 18
  %m = mul i32 %a, 514
  %m16 = and i32 %m, 65535
  %w = shl i32 %m16, 8
  %f0 = select i1 %e0, i32 1, i32 0
  %f1 = select i1 %e1, i32 2, i32 0
  %f2 = select i1 %e2, i32 4, i32 0
  %f3 = select i1 %e3, i32 8, i32 0
  %f4 = select i1 %e4, i32 16, i32 0
  %o0 = or i32 %w, %f0
  %o1 = or i32 %o0, %f1
  %o2 = or i32 %o1, %f2
  %o3 = or i32 %o2, %f3
  %o4 = or i32 %o3, %f4
  %g64 = zext i32 %gid to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %g64
  store i32 %o4, ptr addrspace(1) %p, align 4
  ret void
}
