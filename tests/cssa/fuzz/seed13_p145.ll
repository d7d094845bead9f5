; simtc fuzz-diff program, seed 0xa602118a71811125
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [128 x i32] undef, align 4

define ptx_kernel void @fuzz(ptr %in, ptr %out, i32 %n) #1 {
entry1:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %arr = alloca [8 x i32], align 4
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %ai0 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 0
  %ai1 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 1
  %ai2 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 2
  %ai3 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 3
  %ai4 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 4
  %ai5 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 5
  %ai6 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 6
  %ai7 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 7
  %v7 = mul i32 %gid, 7 ; T:i32
  %v8 = add i32 %v7, 1 ; T:i32
  %v9 = and i32 %v8, 255 ; T:i32
  %v10 = zext i32 %v9 to i64 ; T:i64
  %v11 = getelementptr inbounds i32, ptr %in, i64 %v10 ; T:ptr
  %v12 = load i32, ptr %v11, align 4 ; T:i32
  br label %loop2
loop2:
  %h5_1 = phi i32 [ %tid, %entry1 ] ; T:i32
  %h5_2 = phi i32 [ %v12, %entry1 ] ; T:i32
  br label %body3
body3:
  %v20 = and i32 %h5_2, 7 ; T:i32
  %v21 = add i32 %v20, 1 ; T:i32
  br label %loop6
loop6:
  %v22 = phi i32 [ 0, %body3 ], [ %v40, %latch8 ] ; T:i32
  %h9_0 = phi i32 [ 0, %body3 ], [ %v36, %latch8 ] ; T:i32
  %h9_1 = phi i32 [ %h5_1, %body3 ], [ %v37, %latch8 ] ; T:i32
  %v23 = icmp slt i32 %v22, %v21 ; T:i1
  br i1 %v23, label %body7, label %exit9
body7:
  br label %else11
latch8:
  %v36 = phi i32 [ %h9_1, %endif12 ], [ %h9_0, %leave15 ] ; T:i32
  %v37 = phi i32 [ %h9_0, %endif12 ], [ %h9_1, %leave15 ] ; T:i32
  %v40 = add i32 %v22, 1 ; T:i32
  br label %loop6
exit9:
  br label %ret17
else11:
  %v30 = add i32 0, 54547704 ; T:i32
  %v31 = icmp sge i32 %h9_1, %v30 ; T:i1
  br i1 %v31, label %leave15, label %stay16
endif12:
  br label %latch8
leave15:
  br label %latch8
stay16:
  br label %endif12
ret17:
  %v54 = mul i32 %gid, 6 ; T:i32
  %v55 = add i32 %v54, 0 ; T:i32
  %v56 = zext i32 %v55 to i64 ; T:i64
  %v57 = getelementptr inbounds i32, ptr %out, i64 %v56 ; T:ptr
  store i32 %h9_0, ptr %v57, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #0
declare void @llvm.nvvm.barrier0() #0

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
