; A fixed-size loop (i from 0 to 100) reading in[3i] and in[3i + 2] of a uniform array: lsr makes the addresses a
; pointer IV and moves the exit test onto it (test replacement for a constant trip count), deleting the counter.
; Thread t writes out[t] = t + sum of (in[3i] ^ in[3i + 2]) * (t + 1). crates/simtc/tests/idioms.rs.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @lftr(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = add i32 %t, 1
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %t, %entry ], [ %acc.next, %loop ]
  %a = getelementptr inbounds [3 x i32], ptr addrspace(1) %in, i64 %i, i64 0
  %b = getelementptr inbounds [3 x i32], ptr addrspace(1) %in, i64 %i, i64 2
  %x = load i32, ptr addrspace(1) %a, align 4
  %y = load i32, ptr addrspace(1) %b, align 4
  %v = xor i32 %x, %y
  %m = mul i32 %v, %t1
  %acc.next = add i32 %acc, %m
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 100
  br i1 %done, label %exit, label %loop

exit:
  %t64 = zext i32 %t to i64
  %po = getelementptr i32, ptr addrspace(1) %out, i64 %t64
  store i32 %acc.next, ptr addrspace(1) %po, align 4
  ret void
}
