; simtc fuzz-diff program, seed 0x5630891f72f00f40
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [32 x i32] undef, align 4

define dso_local i32 @f0(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  br label %else3
else3:
  br label %endif4
endif4:
  ret i32 0
}

define dso_local i32 @f1(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
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
  br label %endif3
endif3:
  br label %loop4
loop4:
  br label %body5
body5:
  br label %loop8
latch6:
  br label %exit7
exit7:
  %v78 = fcmp olt float 0.000000e+00, 1.000000e+00 ; T:i1
  br i1 %v78, label %then16, label %else17
loop8:
  br label %body9
body9:
  br label %loop12
latch10:
  br label %exit11
exit11:
  br label %latch6
loop12:
  br label %exit15
exit15:
  br label %latch10
then16:
  br label %loop19
else17:
  %v84 = fcmp olt float 0.000000e+00, 1.000000e+00 ; T:i1
  br i1 %v84, label %then23, label %endif24
endif18:
  ret void
loop19:
  br label %body20
body20:
  br label %latch21
latch21:
  br label %exit22
exit22:
  br label %endif18
then23:
  %v87 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 0 ; T:ptr
  store i32 0, ptr %v87, align 4
  br label %endif24
endif24:
  br label %endif18
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #0
declare void @llvm.nvvm.barrier0() #0

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
