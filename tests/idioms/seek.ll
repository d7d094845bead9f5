; A pointer walked until a negative word, then written through: while (*p >= 0) p++; *p = t. The store after
; the loop reads the pointer after its increment, [p.next - 4] (update-sink's address step). Thread t marks
; word t % 13 of its 16-word segment with -1 first. crates/simtc/tests/idioms.rs.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @seek(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %seg = mul nuw nsw i32 %t, 16
  %seg64 = zext i32 %seg to i64
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %seg64
  %m = urem i32 %t, 13
  %m64 = zext i32 %m to i64
  %pm = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 %m64
  store i32 -1, ptr addrspace(1) %pm, align 4
  br label %loop

loop:
  %p = phi ptr addrspace(1) [ %p0, %entry ], [ %p.next, %loop ]
  %v = load i32, ptr addrspace(1) %p, align 4
  %neg = icmp slt i32 %v, 0
  %p.next = getelementptr inbounds i32, ptr addrspace(1) %p, i64 1
  br i1 %neg, label %exit, label %loop

exit:
  store i32 %t, ptr addrspace(1) %p, align 4
  ret void
}
