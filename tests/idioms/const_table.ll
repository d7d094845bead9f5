; Each thread walks two tables of address space 0 from its start index to their ends with pointer induction
; variables — a `constant` one (`ld.global.nc`) and a writable one (`ld.global`) — stopping on an equality test
; of the pointer against the table's end, which compares global addresses. out[gid] = sum of table[i] * w[i]
; for i from gid % 16 to 15.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = private unnamed_addr constant [16 x i32] [i32 1, i32 3, i32 5, i32 7, i32 11, i32 13, i32 17, i32 19, i32 23, i32 29, i32 31, i32 37, i32 41, i32 43, i32 47, i32 53], align 4
@weights = internal global [16 x i32] [i32 2, i32 -1, i32 4, i32 0, i32 9, i32 -7, i32 6, i32 1, i32 -3, i32 8, i32 5, i32 -2, i32 7, i32 3, i32 -5, i32 10], align 4

define ptx_kernel void @const_table(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %start = and i32 %gid, 15
  %s64 = zext i32 %start to i64
  %p0 = getelementptr inbounds [16 x i32], ptr @table, i64 0, i64 %s64
  %q0 = getelementptr inbounds [16 x i32], ptr @weights, i64 0, i64 %s64
  br label %loop
loop:
  %p = phi ptr [ %p0, %entry ], [ %p.next, %loop ]
  %q = phi ptr [ %q0, %entry ], [ %q.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %v = load i32, ptr %p, align 4
  %w = load i32, ptr %q, align 4
  %prod = mul i32 %v, %w
  %acc.next = add i32 %acc, %prod
  %p.next = getelementptr inbounds i8, ptr %p, i64 4
  %q.next = getelementptr inbounds i8, ptr %q, i64 4
  %done = icmp eq ptr %p.next, getelementptr inbounds ([16 x i32], ptr @table, i64 1, i64 0)
  br i1 %done, label %exit, label %loop
exit:
  %g64 = zext i32 %gid to i64
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %g64
  store i32 %acc.next, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
