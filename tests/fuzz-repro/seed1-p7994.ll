; simtc fuzz-diff program, seed 0x631bc382e4415d6f
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [64 x i32] undef, align 4

define dso_local i32 @f0(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  br label %else3
else3:
  br label %endif6
endif4:
  %v16 = phi float [ %p2, %endif6 ] ; T:float
  %v17 = fptosi float %p2 to i32 ; T:i32
  %v18 = xor i32 0, %p1 ; T:i32
  ret i32 0
endif6:
  br label %endif4
}

define dso_local i32 @f1(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  %v4 = fcmp olt float %p2, 1.000000e+00 ; T:i1
  br i1 %v4, label %then2, label %else3
then2:
  %v6 = fcmp olt float %p2, 1.000000e+00 ; T:i1
  br i1 %v6, label %then5, label %else6
else3:
  br label %endif4
endif4:
  %v13 = phi i32 [ %v11, %endif7 ], [ %p1, %else3 ] ; T:i32
  %v16 = xor i32 %p0, %v13 ; T:i32
  %v17 = add i32 %v16, 0 ; T:i32
  %v18 = sub i32 %v17, 0 ; T:i32
  ret i32 %v18
then5:
  br label %endif7
else6:
  %v10 = sdiv i32 %p0, 0 ; T:i32
  br label %endif7
endif7:
  %v11 = phi i32 [ %p1, %then5 ], [ %v10, %else6 ] ; T:i32
  br label %endif4
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
  %v4 = zext i32 0 to i64 ; T:i64
  %v6 = load i32, ptr %in, align 4 ; T:i32 (the reducer left `ptr null`, dead but executed: UB that the -O0 build without machine-dce runs)
  %v10 = zext i32 0 to i64 ; T:i64
  %v11 = getelementptr inbounds i32, ptr %in, i64 %v10 ; T:ptr
  %v13 = sitofp i32 %v6 to float ; T:float
  %v16 = and i1 0, 0 ; T:i1
  %v17 = select i1 %v16, float %v13, float 1.000000e+00 ; T:float
  %v18 = fsub float 1.500000e+00, %v17 ; T:float
  br label %else3
else3:
  br label %endif4
endif4:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0() #0

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
