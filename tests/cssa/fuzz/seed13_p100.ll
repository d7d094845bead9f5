; simtc fuzz-diff program, seed 0x8c13b71f66ca9c49
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
  %v27 = icmp ult i32 0, 22 ; T:i1
  %v28 = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %v27) ; T:i1
  %v29 = zext i1 %v28 to i32 ; T:i32
  %v30 = xor i32 0, %v29 ; T:i32
  br label %case3
case3:
  br label %loop17
endsw6:
  %v145 = phi i32 [ %v139, %exit26 ] ; T:i32
  %v147 = phi i32 [ %v142, %exit26 ] ; T:i32
  %v154 = getelementptr inbounds i32, ptr %out, i64 0 ; T:ptr
  store i32 %v145, ptr %v154, align 4
  %v160 = getelementptr inbounds i32, ptr %out, i64 0 ; T:ptr
  store i32 %v147, ptr %v160, align 4
  ret void
loop17:
  %h20_0 = phi i32 [ 0, %case3 ], [ %h20_2, %latch19 ] ; T:i32
  %h20_1 = phi i32 [ %tid, %case3 ], [ %h20_1, %latch19 ] ; T:i32
  %h20_2 = phi i32 [ %v30, %case3 ], [ %h20_0, %latch19 ] ; T:i32
  br label %body18
body18:
  %v104 = icmp eq i32 %h20_1, %h20_2 ; T:i1
  br i1 %v104, label %leave21, label %stay22
latch19:
  %v106 = icmp slt i32 0, 0 ; T:i1
  br i1 %v106, label %loop17, label %exit20
exit20:
  %v107 = phi i32 [ %h20_0, %leave21 ], [ %h20_2, %latch19 ] ; T:i32
  %v108 = phi i32 [ %h20_2, %leave21 ], [ %h20_0, %latch19 ] ; T:i32
  br label %loop23
leave21:
  br label %exit20
stay22:
  br label %latch19
loop23:
  %h26_0 = phi i32 [ %v107, %exit20 ] ; T:i32
  %h26_2 = phi i32 [ %v108, %exit20 ] ; T:i32
  br label %body24
body24:
  br label %else28
latch25:
  br label %exit26
exit26:
  br label %endsw6
else28:
  br label %go31
endif29:
  %v139 = and i32 0, %h26_0 ; T:i32
  br label %endif33
go31:
  br label %endif29
endif33:
  %v142 = phi i32 [ %h26_2, %endif29 ] ; T:i32
  br label %latch25
}

declare i1 @llvm.nvvm.vote.any.sync(i32, i1) #0
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0() #0

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
