; simtc fuzz-diff program, seed 0x79cf68c781f461e9
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [32 x i32] undef, align 4

define dso_local i32 @f0(i32 %p0, i32 %p1, float %p2) #1 {
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
  %v18 = and i32 %tid, 3 ; T:i32
  switch i32 %v18, label %default2 [ i32 0, label %case3 i32 1, label %case4 ]
default2:
  br label %loop6
case3:
  br label %loop17
case4:
  br label %endsw5
endsw5:
  %v58 = phi float [ %h9_5, %endif16 ], [ %h20_5, %exit20 ], [ 1.500000e+00, %case4 ] ; T:float
  %v59 = mul i32 %gid, 6 ; T:i32
  %v76 = bitcast float %v58 to i32 ; T:i32
  %v77 = add i32 %v59, 5 ; T:i32
  %v78 = zext i32 %v77 to i64 ; T:i64
  %v79 = getelementptr inbounds i32, ptr %out, i64 %v78 ; T:ptr
  store i32 %v76, ptr %v79, align 4
  ret void
loop6:
  %h9_5 = phi float [ 1.500000e+00, %default2 ] ; T:float
  br label %exit9
exit9:
  br label %else15
else15:
  br label %endif16
endif16:
  br label %endsw5
loop17:
  %h20_5 = phi float [ 1.500000e+00, %case3 ] ; T:float
  br label %body18
body18:
  br label %leave21
exit20:
  br label %endsw5
leave21:
  br label %exit20
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
