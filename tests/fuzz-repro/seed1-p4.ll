; simtc fuzz-diff program, seed 0x70ba741987d222c
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [32 x i32] undef, align 4

define dso_local i32 @f0(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  %v1 = icmp sgt i32 %p0, %p0 ; T:i1
  br label %else3
else3:
  %v3 = fptosi float %p2 to i32 ; T:i32
  br label %endif4
endif4:
  %v4 = phi i32 [ %v3, %else3 ] ; T:i32
  %v5 = or i32 %p0, %p1 ; T:i32
  %v6 = add i32 %p1, 1431655765 ; T:i32
  ret i32 0
}

define dso_local i32 @f1(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  %v1 = and i32 %p1, 3 ; T:i32
  br label %case3
case3:
  br label %endsw6
endsw6:
  ret i32 0
}

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
  %v1 = mul i32 %gid, 1 ; T:i32
  %v2 = add i32 %v1, 0 ; T:i32
  %v3 = and i32 %v2, 255 ; T:i32
  %v4 = zext i32 %v3 to i64 ; T:i64
  %v5 = getelementptr inbounds i32, ptr %in, i64 %v4 ; T:ptr
  %v6 = load i32, ptr %v5, align 4 ; T:i32
  %v13 = sitofp i32 %v6 to float ; T:float
  %v17 = select i1 false, float %v13, float 1.000000e+00 ; T:float
  br label %loop2
loop2:
  %v34 = phi i32 [ 0, %entry1 ], [ %v67, %latch4 ] ; T:i32
  %h5_4 = phi float [ %v17, %entry1 ], [ %h5_4, %latch4 ] ; T:float
  %v35 = icmp slt i32 %v34, 1 ; T:i1
  br i1 %v35, label %body3, label %exit5
body3:
  %v36 = fcmp olt float %h5_4, 1.000000e+00 ; T:i1
  br i1 %v36, label %then6, label %else7
latch4:
  %v67 = add i32 %v34, 1 ; T:i32
  br label %loop2
exit5:
  br label %loop13
then6:
  br label %endif8
else7:
  %v38 = fcmp olt float %h5_4, 1.000000e+00 ; T:i1
  br i1 %v38, label %leave9, label %stay10
endif8:
  br label %go12
leave9:
  br label %exit5
stay10:
  br label %endif8
go12:
  br label %latch4
loop13:
  br label %body14
body14:
  br label %latch15
latch15:
  br label %exit16
exit16:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32) #0
declare void @llvm.nvvm.barrier0() #0

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
