; A shared-memory tree reduction in clang's shape: s[tid] += s[tid + stride] for stride = ntid/2 .. 1, the index
; an `add nuw` (gep-reassociate addresses s[tid + stride] from s[tid]), then the block's sum goes to out[ctaid].
; in[] holds one word per thread. crates/simtc/tests/idioms.rs.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()

define ptx_kernel void @reduce(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cb = mul i32 %c, %nt
  %gid = add i32 %cb, %t
  %g64 = zext i32 %gid to i64
  %pi = getelementptr i32, ptr addrspace(1) %in, i64 %g64
  %v = load i32, ptr addrspace(1) %pi, align 4
  %t64 = zext i32 %t to i64
  %ps = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %t64
  store i32 %v, ptr addrspace(3) %ps, align 4
  %half = lshr i32 %nt, 1
  %any = icmp ugt i32 %nt, 1
  br i1 %any, label %step, label %done

step:
  %stride = phi i32 [ %half, %entry ], [ %next, %latch ]
  call void @llvm.nvvm.barrier0()
  %in.range = icmp ult i32 %t, %stride
  br i1 %in.range, label %add, label %latch

add:
  %j = add nuw nsw i32 %t, %stride
  %j64 = zext i32 %j to i64
  %pj = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %j64
  %a = load i32, ptr addrspace(3) %pj, align 4
  %b = load i32, ptr addrspace(3) %ps, align 4
  %sum = add i32 %a, %b
  store i32 %sum, ptr addrspace(3) %ps, align 4
  br label %latch

latch:
  %next = lshr i32 %stride, 1
  %more = icmp ugt i32 %stride, 1
  br i1 %more, label %step, label %done

done:
  call void @llvm.nvvm.barrier0()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %write, label %exit

write:
  %r = load i32, ptr addrspace(3) @s, align 4
  %c64 = zext i32 %c to i64
  %po = getelementptr i32, ptr addrspace(1) %out, i64 %c64
  store i32 %r, ptr addrspace(1) %po, align 4
  br label %exit

exit:
  ret void
}
