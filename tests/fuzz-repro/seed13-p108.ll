; simtc fuzz-diff program, seed 0xc4f6f9ee49fab1dd
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [128 x i32] undef, align 4

define dso_local i32 @f0(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  %v1 = add i32 %p1, 1 ; T:i32
  %v2 = fptosi float %p2 to i32 ; T:i32
  %v3 = xor i32 %v1, %p1 ; T:i32
  %v4 = add i32 %v3, %p0 ; T:i32
  %v5 = sub i32 %v4, %v2 ; T:i32
  ret i32 %v5
}

define dso_local i32 @f1(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  %v1 = fmul float %p2, 3.250000e0 ; T:float
  %v2 = fcmp olt float %v1, 1.000000e+06 ; T:i1
  %v3 = fcmp ogt float %v1, -1.000000e+06 ; T:i1
  %v4 = and i1 %v2, %v3 ; T:i1
  %v5 = select i1 %v4, float %v1, float 1.000000e+00 ; T:float
  %v6 = fptosi float %p2 to i32 ; T:i32
  %v7 = xor i32 %p0, %p1 ; T:i32
  %v8 = add i32 %v7, %p0 ; T:i32
  %v9 = sub i32 %v8, %v6 ; T:i32
  ret i32 %v9
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
  store i32 1, ptr %ai0, align 4
  %ai1 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 1
  store i32 8, ptr %ai1, align 4
  %ai2 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 2
  store i32 15, ptr %ai2, align 4
  %ai3 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 3
  store i32 22, ptr %ai3, align 4
  %ai4 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 4
  store i32 29, ptr %ai4, align 4
  %ai5 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 5
  store i32 36, ptr %ai5, align 4
  %ai6 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 6
  store i32 43, ptr %ai6, align 4
  %ai7 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 7
  store i32 50, ptr %ai7, align 4
  %v1 = mul i32 %gid, 1 ; T:i32
  %v2 = add i32 %v1, 0 ; T:i32
  %v3 = and i32 %v2, 255 ; T:i32
  %v4 = zext i32 %v3 to i64 ; T:i64
  %v5 = getelementptr inbounds i32, ptr %in, i64 %v4 ; T:ptr
  %v6 = load i32, ptr %v5, align 4 ; T:i32
  %v7 = mul i32 %gid, 7 ; T:i32
  %v8 = add i32 %v7, 1 ; T:i32
  %v9 = and i32 %v8, 255 ; T:i32
  %v10 = zext i32 %v9 to i64 ; T:i64
  %v11 = getelementptr inbounds i32, ptr %in, i64 %v10 ; T:ptr
  %v12 = load i32, ptr %v11, align 4 ; T:i32
  %v13 = sitofp i32 %v6 to float ; T:float
  %v14 = fcmp olt float %v13, 1.000000e+06 ; T:i1
  %v15 = fcmp ogt float %v13, -1.000000e+06 ; T:i1
  %v16 = and i1 %v14, %v15 ; T:i1
  %v17 = select i1 %v16, float %v13, float 1.000000e+00 ; T:float
  %v18 = and i32 %v6, 3 ; T:i32
  switch i32 %v18, label %default2 [ i32 0, label %case3 i32 1, label %case4 ]
default2:
  %v19 = sub i32 %v6, %n ; T:i32
  br label %endsw5
case3:
  %v20 = and i32 %tid, 31 ; T:i32
  %v21 = icmp eq i32 %v20, 5 ; T:i1
  br i1 %v21, label %then6, label %endif7
case4:
  br label %loop8
endsw5:
  %v35 = phi i32 [ %v19, %default2 ], [ %v23, %endif7 ], [ %v25, %exit11 ] ; T:i32
  %v36 = phi i32 [ %v12, %default2 ], [ %tid, %endif7 ], [ %h11_1, %exit11 ] ; T:i32
  %v37 = phi i32 [ %tid, %default2 ], [ %n, %endif7 ], [ %h11_2, %exit11 ] ; T:i32
  %v38 = phi i32 [ %n, %default2 ], [ %v12, %endif7 ], [ %h11_3, %exit11 ] ; T:i32
  %v39 = phi float [ %v17, %default2 ], [ %v17, %endif7 ], [ %h11_4, %exit11 ] ; T:float
  %v40 = phi float [ 1.500000e+00, %default2 ], [ 1.500000e+00, %endif7 ], [ %v34, %exit11 ] ; T:float
  %v41 = and i32 %v35, 3 ; T:i32
  switch i32 %v41, label %default12 [ i32 0, label %case13 i32 1, label %case14 ]
then6:
  %v22 = fptosi float 1.500000e+00 to i32 ; T:i32
  br label %endif7
endif7:
  %v23 = phi i32 [ %v22, %then6 ], [ %v6, %case3 ] ; T:i32
  br label %endsw5
loop8:
  %v24 = phi i32 [ 0, %case4 ], [ %v26, %latch10 ] ; T:i32
  %h11_0 = phi i32 [ %v6, %case4 ], [ %v25, %latch10 ] ; T:i32
  %h11_1 = phi i32 [ %tid, %case4 ], [ %h11_1, %latch10 ] ; T:i32
  %h11_2 = phi i32 [ %v12, %case4 ], [ %h11_2, %latch10 ] ; T:i32
  %h11_3 = phi i32 [ %n, %case4 ], [ %h11_3, %latch10 ] ; T:i32
  %h11_4 = phi float [ %v17, %case4 ], [ %h11_4, %latch10 ] ; T:float
  %h11_5 = phi float [ 1.500000e+00, %case4 ], [ %h11_5, %latch10 ] ; T:float
  br label %body9
body9:
  %v25 = xor i32 %h11_2, %h11_3 ; T:i32
  br label %latch10
latch10:
  %v26 = add i32 %v24, 1 ; T:i32
  %v27 = icmp slt i32 %v26, 4 ; T:i1
  br i1 %v27, label %loop8, label %exit11
exit11:
  %v28 = fmul float %h11_4, %h11_4 ; T:float
  %v29 = fadd float %v28, 1.000000e+00 ; T:float
  %v30 = fdiv float %h11_5, %v29 ; T:float
  %v31 = fcmp olt float %v30, 1.000000e+06 ; T:i1
  %v32 = fcmp ogt float %v30, -1.000000e+06 ; T:i1
  %v33 = and i1 %v31, %v32 ; T:i1
  %v34 = select i1 %v33, float %v30, float 1.000000e+00 ; T:float
  br label %endsw5
default12:
  %v42 = and i32 %v36, 7 ; T:i32
  %v43 = zext i32 %v42 to i64 ; T:i64
  %v44 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %v43 ; T:ptr
  store i32 %v35, ptr %v44, align 4
  %v45 = and i32 1431655765, 7 ; T:i32
  %v46 = zext i32 %v45 to i64 ; T:i64
  %v47 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %v46 ; T:ptr
  %v48 = load i32, ptr %v47, align 4 ; T:i32
  %v49 = and i32 %v38, 65535 ; T:i32
  %v50 = sitofp i32 %v49 to float ; T:float
  %v51 = fsub float %v40, %v50 ; T:float
  %v52 = fcmp olt float %v51, 1.000000e+06 ; T:i1
  %v53 = fcmp ogt float %v51, -1.000000e+06 ; T:i1
  %v54 = and i1 %v52, %v53 ; T:i1
  %v55 = select i1 %v54, float %v51, float 1.000000e+00 ; T:float
  %v56 = fmul float %v55, %v55 ; T:float
  %v57 = fadd float %v56, 1.000000e+00 ; T:float
  %v58 = fdiv float %v39, %v57 ; T:float
  %v59 = fcmp olt float %v58, 1.000000e+06 ; T:i1
  %v60 = fcmp ogt float %v58, -1.000000e+06 ; T:i1
  %v61 = and i1 %v59, %v60 ; T:i1
  %v62 = select i1 %v61, float %v58, float 1.000000e+00 ; T:float
  %v63 = and i32 %v36, 7 ; T:i32
  %v64 = add i32 %v63, 1 ; T:i32
  br label %loop16
case13:
  %v69 = call i32 @f0(i32 %v36, i32 %v36, float %v39) ; T:i32
  %v70 = icmp sle i32 %v35, %v35 ; T:i1
  %v71 = zext i1 %v70 to i32 ; T:i32
  %v72 = add i32 %v71, %v35 ; T:i32
  %v73 = or i32 %v38, %v69 ; T:i32
  br label %endsw15
case14:
  %v74 = and i32 %v38, 3 ; T:i32
  switch i32 %v74, label %default20 [ i32 0, label %case21 i32 1, label %case22 ]
endsw15:
  %v76 = phi i32 [ %h19_0, %exit19 ], [ %v35, %case13 ], [ %v35, %endsw23 ] ; T:i32
  %v77 = phi i32 [ %h19_1, %exit19 ], [ %v72, %case13 ], [ %v36, %endsw23 ] ; T:i32
  %v78 = phi i32 [ %h19_2, %exit19 ], [ %v73, %case13 ], [ %v37, %endsw23 ] ; T:i32
  %v79 = phi i32 [ %h19_3, %exit19 ], [ %v38, %case13 ], [ %v38, %endsw23 ] ; T:i32
  %v80 = phi float [ %h19_4, %exit19 ], [ %v39, %case13 ], [ %v39, %endsw23 ] ; T:float
  %v81 = phi float [ %h19_5, %exit19 ], [ %v40, %case13 ], [ %v40, %endsw23 ] ; T:float
  %v82 = mul i32 %gid, 6 ; T:i32
  %v83 = add i32 %v82, 0 ; T:i32
  %v84 = zext i32 %v83 to i64 ; T:i64
  %v85 = getelementptr inbounds i32, ptr %out, i64 %v84 ; T:ptr
  store i32 %v76, ptr %v85, align 4
  %v86 = add i32 %v82, 1 ; T:i32
  %v87 = zext i32 %v86 to i64 ; T:i64
  %v88 = getelementptr inbounds i32, ptr %out, i64 %v87 ; T:ptr
  store i32 %v77, ptr %v88, align 4
  %v89 = add i32 %v82, 2 ; T:i32
  %v90 = zext i32 %v89 to i64 ; T:i64
  %v91 = getelementptr inbounds i32, ptr %out, i64 %v90 ; T:ptr
  store i32 %v78, ptr %v91, align 4
  %v92 = add i32 %v82, 3 ; T:i32
  %v93 = zext i32 %v92 to i64 ; T:i64
  %v94 = getelementptr inbounds i32, ptr %out, i64 %v93 ; T:ptr
  store i32 %v79, ptr %v94, align 4
  %v95 = bitcast float %v80 to i32 ; T:i32
  %v96 = add i32 %v82, 4 ; T:i32
  %v97 = zext i32 %v96 to i64 ; T:i64
  %v98 = getelementptr inbounds i32, ptr %out, i64 %v97 ; T:ptr
  store i32 %v95, ptr %v98, align 4
  %v99 = bitcast float %v81 to i32 ; T:i32
  %v100 = add i32 %v82, 5 ; T:i32
  %v101 = zext i32 %v100 to i64 ; T:i64
  %v102 = getelementptr inbounds i32, ptr %out, i64 %v101 ; T:ptr
  store i32 %v99, ptr %v102, align 4
  ret void
loop16:
  %v65 = phi i32 [ 0, %default12 ], [ %v67, %latch18 ] ; T:i32
  %h19_0 = phi i32 [ %v35, %default12 ], [ %h19_0, %latch18 ] ; T:i32
  %h19_1 = phi i32 [ %v36, %default12 ], [ %h19_1, %latch18 ] ; T:i32
  %h19_2 = phi i32 [ %v48, %default12 ], [ %v66, %latch18 ] ; T:i32
  %h19_3 = phi i32 [ %v38, %default12 ], [ %h19_3, %latch18 ] ; T:i32
  %h19_4 = phi float [ %v62, %default12 ], [ %h19_4, %latch18 ] ; T:float
  %h19_5 = phi float [ %v55, %default12 ], [ %h19_5, %latch18 ] ; T:float
  br label %body17
body17:
  %v66 = call i32 @f0(i32 %h19_3, i32 %h19_2, float %h19_4) ; T:i32
  br label %latch18
latch18:
  %v67 = add i32 %v65, 1 ; T:i32
  %v68 = icmp slt i32 %v67, %v64 ; T:i1
  br i1 %v68, label %loop16, label %exit19
exit19:
  br label %endsw15
default20:
  %v75 = icmp ult i32 %v36, %v35 ; T:i1
  br i1 %v75, label %then24, label %else25
case21:
  br label %endsw23
case22:
  br label %endsw23
endsw23:
  br label %endsw15
then24:
  br label %endif26
else25:
  br label %endif26
endif26:
  br label %endsw23
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
