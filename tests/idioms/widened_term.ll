; 64-bit indices `tile + zext (tid + 256)` and `(tile + 100) + sext (tid - 3)` next to `tile + zext tid`, which
; isel splits into one base plus `[r+imm]` offsets. Block b, thread t (64 threads) writes out[512 b + t] = g,
; out[512 b + t + 256] = g + 1000 and out[512 b + 97 + t] = g + 2000, g = 64 b + t.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @widened_term(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c64 = zext nneg i32 %ctaid to i64
  %tile = shl nuw nsw i64 %c64, 9
  %g0 = shl nuw nsw i32 %ctaid, 6
  %g = add nuw nsw i32 %g0, %tid
  %t64 = zext nneg i32 %tid to i64
  %i0 = add nuw nsw i64 %tile, %t64
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i0
  store i32 %g, ptr addrspace(1) %p0, align 4
  %t1 = add nuw nsw i32 %tid, 256
  %w1 = zext nneg i32 %t1 to i64
  %i1 = add nuw nsw i64 %tile, %w1
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i1
  %g1 = add nuw nsw i32 %g, 1000
  store i32 %g1, ptr addrspace(1) %p1, align 4
  %t2 = add nsw i32 %tid, -3
  %w2 = sext i32 %t2 to i64
  %tile100 = add nuw nsw i64 %tile, 100
  %i2 = add i64 %w2, %tile100
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i2
  %g2 = add nuw nsw i32 %g, 2000
  store i32 %g2, ptr addrspace(1) %p2, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
