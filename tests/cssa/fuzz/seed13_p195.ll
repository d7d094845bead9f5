; simtc fuzz-diff program, seed 0xe1f2fa40a2a0d31
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [32 x i32] undef, align 4

define dso_local i32 @f0(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  br label %endif3
endif3:
  br label %else5
else5:
  br label %endif6
endif6:
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
  br label %loop2
loop2:
  %h5_5 = phi float [ 1.500000e+00, %entry1 ] ; T:float
  br label %exit5
exit5:
  %v27 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %h5_5, i32 1, i32 31) ; T:float
  %v30 = add i32 0, 1 ; T:i32
  br label %loop6
loop6:
  %h9_4 = phi float [ 0.000000e+00, %exit5 ], [ %v62, %latch8 ] ; T:float
  %h9_5 = phi float [ %v27, %exit5 ], [ 0.000000e+00, %latch8 ] ; T:float
  %v32 = icmp slt i32 0, %v30 ; T:i1
  br i1 %v32, label %body7, label %exit9
body7:
  br label %then10
latch8:
  %v62 = phi float [ %v56, %endif12 ] ; T:float
  br label %loop6
exit9:
  %v69 = phi float [ %h16_5, %leave19 ], [ %h9_4, %loop6 ] ; T:float
  %v70 = phi float [ %h16_4, %leave19 ], [ %h9_5, %loop6 ] ; T:float
  %v84 = bitcast float %v69 to i32 ; T:i32
  %v87 = getelementptr inbounds i32, ptr %out, i64 0 ; T:ptr
  store i32 %v84, ptr %v87, align 4
  %v88 = bitcast float %v70 to i32 ; T:i32
  %v91 = getelementptr inbounds i32, ptr %out, i64 0 ; T:ptr
  store i32 %v88, ptr %v91, align 4
  ret void
then10:
  br label %loop13
endif12:
  %v56 = phi float [ %h16_5, %stay20 ] ; T:float
  br label %latch8
loop13:
  %h16_4 = phi float [ %h9_4, %then10 ] ; T:float
  %h16_5 = phi float [ %h9_5, %then10 ] ; T:float
  br label %body14
body14:
  br label %latch15
latch15:
  br label %exit16
exit16:
  br label %stay18
stay18:
  %v45 = fcmp olt float %h16_5, 1.000000e+00 ; T:i1
  br i1 %v45, label %leave19, label %stay20
leave19:
  br label %exit9
stay20:
  br label %endif12
}

declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32) #0
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32) #0

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
