; simtc fuzz-diff program, seed 0x7a4a74a9ca894f39
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
  %v17 = select i1 false, float 0.000000e+00, float 1.000000e+00 ; T:float
  %v19 = add i32 %v12, -12 ; T:i32
  br label %loop2
loop2:
  %v34 = phi i32 [ 0, %entry1 ], [ %v86, %latch4 ] ; T:i32
  %h5_2 = phi i32 [ %v19, %entry1 ], [ 0, %latch4 ] ; T:i32
  %h5_4 = phi float [ %v17, %entry1 ], [ %v84, %latch4 ] ; T:float
  %h5_5 = phi float [ 0.000000e+00, %entry1 ], [ %v85, %latch4 ] ; T:float
  %v35 = icmp slt i32 %v34, 2 ; T:i1
  br i1 %v35, label %body3, label %exit5
body3:
  %v36 = fadd float %h5_5, %h5_4 ; T:float
  %v37 = fcmp olt float %v36, 1.000000e+06 ; T:i1
  %v38 = fcmp ogt float %v36, -1.000000e+06 ; T:i1
  %v39 = and i1 %v37, %v38 ; T:i1
  %v40 = select i1 %v39, float %v36, float 1.000000e+00 ; T:float
  %v41 = and i32 %h5_2, 3 ; T:i32
  switch i32 %v41, label %default6 [ i32 0, label %case7 i32 1, label %case8 i32 2, label %case9 ]
latch4:
  %v86 = add i32 %v34, 1 ; T:i32
  br label %loop2
exit5:
  %v87 = mul i32 %gid, 6 ; T:i32
  %v100 = bitcast float %h5_4 to i32 ; T:i32
  %v101 = add i32 %v87, 4 ; T:i32
  %v102 = zext i32 %v101 to i64 ; T:i64
  %v103 = getelementptr inbounds i32, ptr %out, i64 %v102 ; T:ptr
  store i32 %v100, ptr %v103, align 4
  ret void
default6:
  br label %loop11
case7:
  %v52 = fsub float %v40, 0.000000e+00 ; T:float
  %v53 = fcmp olt float %v52, 1.000000e+06 ; T:i1
  %v54 = fcmp ogt float %v52, -1.000000e+06 ; T:i1
  %v55 = and i1 %v53, %v54 ; T:i1
  %v56 = select i1 %v55, float %v52, float 1.000000e+00 ; T:float
  br label %else16
case8:
  br label %else19
case9:
  br label %endsw10
endsw10:
  %v84 = phi float [ %h14_4, %exit14 ], [ %v56, %endif17 ], [ %v40, %endif20 ], [ %v40, %case9 ] ; T:float
  %v85 = phi float [ %h14_5, %exit14 ], [ %h5_5, %endif17 ], [ %h5_5, %endif20 ], [ %h5_5, %case9 ] ; T:float
  br label %latch4
loop11:
  %v44 = phi i32 [ 0, %default6 ], [ %v49, %latch13 ] ; T:i32
  %h14_4 = phi float [ %h5_5, %default6 ], [ %h14_4, %latch13 ] ; T:float
  %h14_5 = phi float [ %v40, %default6 ], [ %h14_5, %latch13 ] ; T:float
  %v45 = icmp slt i32 %v44, 3 ; T:i1
  br i1 %v45, label %body12, label %exit14
body12:
  br label %latch13
latch13:
  %v49 = add i32 %v44, 1 ; T:i32
  br label %loop11
exit14:
  br label %endsw10
else16:
  br label %endif17
endif17:
  br label %endsw10
else19:
  br label %endif20
endif20:
  br label %endsw10
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
