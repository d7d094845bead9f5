; simtc fuzz-diff program, seed 0x4c9841d481f69a1a
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [32 x i32] undef, align 4

define dso_local i32 @f0(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  %v1 = fcmp olt float %p2, 1.000000e+00 ; T:i1
  br i1 %v1, label %then2, label %endif3
then2:
  %v2 = fcmp olt float %p2, 1.000000e+00 ; T:i1
  br i1 %v2, label %then4, label %else5
endif3:
  %v18 = phi i32 [ %v14, %endif6 ], [ %p0, %entry1 ] ; T:i32
  %v23 = add i32 0, %v18 ; T:i32
  %v24 = sub i32 %v23, 0 ; T:i32
  ret i32 %v24
then4:
  br label %endif6
else5:
  %v11 = or i32 0, 1 ; T:i32
  %v12 = sdiv i32 0, %v11 ; T:i32
  br label %endif6
endif6:
  %v14 = phi i32 [ %p0, %then4 ], [ %v12, %else5 ] ; T:i32
  br label %endif3
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
  %v11 = getelementptr inbounds i32, ptr %in, i64 0 ; T:ptr
  %v12 = load i32, ptr %v11, align 4 ; T:i32
  %v14 = fcmp olt float 0.000000e+00, 1.000000e+06 ; T:i1
  %v18 = and i32 %v12, 7 ; T:i32
  br label %loop2
loop2:
  br label %exit5
exit5:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
