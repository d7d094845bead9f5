; simtc fuzz-diff program, seed 0xb31a50bfc81a5678
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [32 x i32] undef, align 4

define dso_local i32 @f0(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  %v1 = and i32 %p1, 7 ; T:i32
  %v2 = add i32 %v1, 1 ; T:i32
  br label %loop2
loop2:
  %v3 = phi i32 [ 0, %entry1 ], [ %v7, %latch4 ] ; T:i32
  %h5_0 = phi i32 [ %p0, %entry1 ], [ %h5_0, %latch4 ] ; T:i32
  %h5_1 = phi i32 [ %p1, %entry1 ], [ %v6, %latch4 ] ; T:i32
  %h5_2 = phi i32 [ %p0, %entry1 ], [ %h5_2, %latch4 ] ; T:i32
  %h5_3 = phi i32 [ %p1, %entry1 ], [ %h5_3, %latch4 ] ; T:i32
  %h5_4 = phi float [ %p2, %entry1 ], [ %h5_4, %latch4 ] ; T:float
  %h5_5 = phi float [ %p2, %entry1 ], [ %h5_5, %latch4 ] ; T:float
  %v4 = icmp slt i32 %v3, %v2 ; T:i1
  br i1 %v4, label %body3, label %exit5
body3:
  %v5 = and i32 %h5_3, 31 ; T:i32
  %v6 = ashr i32 %h5_2, %v5 ; T:i32
  br label %latch4
latch4:
  %v7 = add i32 %v3, 1 ; T:i32
  br label %loop2
exit5:
  %v8 = fptosi float %h5_4 to i32 ; T:i32
  %v9 = xor i32 %h5_0, %h5_1 ; T:i32
  %v10 = add i32 %v9, %h5_2 ; T:i32
  %v11 = sub i32 %v10, %v8 ; T:i32
  ret i32 %v11
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
  %v18 = icmp ne i32 %n, %n ; T:i1
  %v19 = select i1 %v18, i32 %n, i32 %n ; T:i32
  %v20 = fmul float %v17, 1.500000e0 ; T:float
  %v21 = fcmp olt float %v20, 1.000000e+06 ; T:i1
  %v22 = fcmp ogt float %v20, -1.000000e+06 ; T:i1
  %v23 = and i1 %v21, %v22 ; T:i1
  %v24 = select i1 %v23, float %v20, float 1.000000e+00 ; T:float
  %v25 = fcmp olt float %v24, 1.000000e+00 ; T:i1
  br i1 %v25, label %then2, label %else3
then2:
  %v26 = fmul float %v24, %v24 ; T:float
  %v27 = fadd float %v26, 1.000000e+00 ; T:float
  %v28 = fdiv float %v17, %v27 ; T:float
  %v29 = fcmp olt float %v28, 1.000000e+06 ; T:i1
  %v30 = fcmp ogt float %v28, -1.000000e+06 ; T:i1
  %v31 = and i1 %v29, %v30 ; T:i1
  %v32 = select i1 %v31, float %v28, float 1.000000e+00 ; T:float
  %v33 = icmp sle i32 %v12, %v19 ; T:i1
  %v34 = zext i1 %v33 to i32 ; T:i32
  %v35 = add i32 %v34, %v12 ; T:i32
  br label %endif4
else3:
  %v36 = fmul float %v24, %v24 ; T:float
  %v37 = fadd float %v36, 1.000000e+00 ; T:float
  %v38 = fdiv float %v17, %v37 ; T:float
  %v39 = fcmp olt float %v38, 1.000000e+06 ; T:i1
  %v40 = fcmp ogt float %v38, -1.000000e+06 ; T:i1
  %v41 = and i1 %v39, %v40 ; T:i1
  %v42 = select i1 %v41, float %v38, float 1.000000e+00 ; T:float
  %v43 = icmp sle i32 %v12, %v19 ; T:i1
  %v44 = zext i1 %v43 to i32 ; T:i32
  %v45 = add i32 %v44, %v12 ; T:i32
  br label %endif4
endif4:
  %v46 = phi i32 [ %v35, %then2 ], [ %v45, %else3 ] ; T:i32
  %v47 = phi float [ %v32, %then2 ], [ %v42, %else3 ] ; T:float
  %v48 = and i32 %v46, 3 ; T:i32
  switch i32 %v48, label %default5 [ i32 0, label %case6 i32 1, label %case7 ]
default5:
  %v49 = fcmp olt float %v17, 1.000000e+00 ; T:i1
  br i1 %v49, label %then9, label %else10
case6:
  %v80 = and i32 %n, 7 ; T:i32
  %v81 = add i32 %v80, 1 ; T:i32
  br label %loop28
case7:
  br label %endsw8
endsw8:
  %v85 = phi i32 [ %h23_0, %exit23 ], [ %h31_0, %exit31 ], [ %v6, %case7 ] ; T:i32
  %v86 = phi i32 [ %h23_1, %exit23 ], [ %h31_1, %exit31 ], [ %v46, %case7 ] ; T:i32
  %v87 = phi i32 [ %h23_2, %exit23 ], [ %h31_2, %exit31 ], [ %v12, %case7 ] ; T:i32
  %v88 = phi i32 [ %h23_3, %exit23 ], [ %h31_3, %exit31 ], [ %n, %case7 ] ; T:i32
  %v89 = phi float [ %h23_4, %exit23 ], [ %h31_4, %exit31 ], [ %v17, %case7 ] ; T:float
  %v90 = phi float [ %h23_5, %exit23 ], [ %h31_5, %exit31 ], [ %v47, %case7 ] ; T:float
  %v91 = mul i32 %gid, 6 ; T:i32
  %v92 = add i32 %v91, 0 ; T:i32
  %v93 = zext i32 %v92 to i64 ; T:i64
  %v94 = getelementptr inbounds i32, ptr %out, i64 %v93 ; T:ptr
  store i32 %v85, ptr %v94, align 4
  %v95 = add i32 %v91, 1 ; T:i32
  %v96 = zext i32 %v95 to i64 ; T:i64
  %v97 = getelementptr inbounds i32, ptr %out, i64 %v96 ; T:ptr
  store i32 %v86, ptr %v97, align 4
  %v98 = add i32 %v91, 2 ; T:i32
  %v99 = zext i32 %v98 to i64 ; T:i64
  %v100 = getelementptr inbounds i32, ptr %out, i64 %v99 ; T:ptr
  store i32 %v87, ptr %v100, align 4
  %v101 = add i32 %v91, 3 ; T:i32
  %v102 = zext i32 %v101 to i64 ; T:i64
  %v103 = getelementptr inbounds i32, ptr %out, i64 %v102 ; T:ptr
  store i32 %v88, ptr %v103, align 4
  %v104 = bitcast float %v89 to i32 ; T:i32
  %v105 = add i32 %v91, 4 ; T:i32
  %v106 = zext i32 %v105 to i64 ; T:i64
  %v107 = getelementptr inbounds i32, ptr %out, i64 %v106 ; T:ptr
  store i32 %v104, ptr %v107, align 4
  %v108 = bitcast float %v90 to i32 ; T:i32
  %v109 = add i32 %v91, 5 ; T:i32
  %v110 = zext i32 %v109 to i64 ; T:i64
  %v111 = getelementptr inbounds i32, ptr %out, i64 %v110 ; T:ptr
  store i32 %v108, ptr %v111, align 4
  ret void
then9:
  br label %loop12
else10:
  br label %loop16
endif11:
  %v62 = phi i32 [ %h15_0, %exit15 ], [ %h19_0, %exit19 ] ; T:i32
  %v63 = phi i32 [ %h15_1, %exit15 ], [ %h19_1, %exit19 ] ; T:i32
  %v64 = phi i32 [ %h15_2, %exit15 ], [ %h19_2, %exit19 ] ; T:i32
  %v65 = phi i32 [ %v55, %exit15 ], [ %v61, %exit19 ] ; T:i32
  %v66 = phi float [ %h15_4, %exit15 ], [ %h19_4, %exit19 ] ; T:float
  %v67 = phi float [ %h15_5, %exit15 ], [ %h19_5, %exit19 ] ; T:float
  %v68 = icmp sle i32 %v64, 3 ; T:i1
  %v69 = zext i1 %v68 to i32 ; T:i32
  %v70 = add i32 %v69, %v64 ; T:i32
  %v71 = and i32 %v70, 7 ; T:i32
  %v72 = add i32 %v71, 1 ; T:i32
  br label %loop20
loop12:
  %v50 = phi i32 [ 0, %then9 ], [ %v53, %latch14 ] ; T:i32
  %h15_0 = phi i32 [ %v6, %then9 ], [ %h15_0, %latch14 ] ; T:i32
  %h15_1 = phi i32 [ %v46, %then9 ], [ %h15_1, %latch14 ] ; T:i32
  %h15_2 = phi i32 [ %v12, %then9 ], [ %h15_2, %latch14 ] ; T:i32
  %h15_3 = phi i32 [ %n, %then9 ], [ %v52, %latch14 ] ; T:i32
  %h15_4 = phi float [ %v17, %then9 ], [ %h15_4, %latch14 ] ; T:float
  %h15_5 = phi float [ %v47, %then9 ], [ %h15_5, %latch14 ] ; T:float
  br label %body13
body13:
  %v51 = icmp ne i32 %h15_0, 2124305592 ; T:i1
  %v52 = select i1 %v51, i32 %h15_0, i32 2124305592 ; T:i32
  br label %latch14
latch14:
  %v53 = add i32 %v50, 1 ; T:i32
  %v54 = icmp slt i32 %v53, 1 ; T:i1
  br i1 %v54, label %loop12, label %exit15
exit15:
  %v55 = or i32 %h15_2, %v52 ; T:i32
  br label %endif11
loop16:
  %v56 = phi i32 [ 0, %else10 ], [ %v59, %latch18 ] ; T:i32
  %h19_0 = phi i32 [ %v6, %else10 ], [ %h19_0, %latch18 ] ; T:i32
  %h19_1 = phi i32 [ %v46, %else10 ], [ %h19_1, %latch18 ] ; T:i32
  %h19_2 = phi i32 [ %v12, %else10 ], [ %h19_2, %latch18 ] ; T:i32
  %h19_3 = phi i32 [ %n, %else10 ], [ %v58, %latch18 ] ; T:i32
  %h19_4 = phi float [ %v17, %else10 ], [ %h19_4, %latch18 ] ; T:float
  %h19_5 = phi float [ %v47, %else10 ], [ %h19_5, %latch18 ] ; T:float
  br label %body17
body17:
  %v57 = icmp ne i32 %h19_0, 2124305593 ; T:i1
  %v58 = select i1 %v57, i32 %h19_0, i32 2124305593 ; T:i32
  br label %latch18
latch18:
  %v59 = add i32 %v56, 1 ; T:i32
  %v60 = icmp slt i32 %v59, 1 ; T:i1
  br i1 %v60, label %loop16, label %exit19
exit19:
  %v61 = or i32 %h19_2, %v58 ; T:i32
  br label %endif11
loop20:
  %v73 = phi i32 [ 0, %endif11 ], [ %v79, %latch22 ] ; T:i32
  %h23_0 = phi i32 [ %v70, %endif11 ], [ %h27_0, %latch22 ] ; T:i32
  %h23_1 = phi i32 [ %v63, %endif11 ], [ %h27_1, %latch22 ] ; T:i32
  %h23_2 = phi i32 [ %v64, %endif11 ], [ %h27_2, %latch22 ] ; T:i32
  %h23_3 = phi i32 [ %v65, %endif11 ], [ %h27_3, %latch22 ] ; T:i32
  %h23_4 = phi float [ %v66, %endif11 ], [ %h27_4, %latch22 ] ; T:float
  %h23_5 = phi float [ %v67, %endif11 ], [ %h27_5, %latch22 ] ; T:float
  %v74 = icmp slt i32 %v73, %v72 ; T:i1
  br i1 %v74, label %body21, label %exit23
body21:
  br label %loop24
latch22:
  %v79 = add i32 %v73, 1 ; T:i32
  br label %loop20
exit23:
  br label %endsw8
loop24:
  %v75 = phi i32 [ 0, %body21 ], [ %v78, %latch26 ] ; T:i32
  %h27_0 = phi i32 [ %h23_0, %body21 ], [ %h27_0, %latch26 ] ; T:i32
  %h27_1 = phi i32 [ %h23_1, %body21 ], [ %h27_1, %latch26 ] ; T:i32
  %h27_2 = phi i32 [ %h23_2, %body21 ], [ %v77, %latch26 ] ; T:i32
  %h27_3 = phi i32 [ %h23_3, %body21 ], [ %h27_3, %latch26 ] ; T:i32
  %h27_4 = phi float [ %h23_4, %body21 ], [ %h27_4, %latch26 ] ; T:float
  %h27_5 = phi float [ %h23_5, %body21 ], [ %h27_5, %latch26 ] ; T:float
  %v76 = icmp slt i32 %v75, 5 ; T:i1
  br i1 %v76, label %body25, label %exit27
body25:
  %v77 = call i32 @f0(i32 %h27_2, i32 31, float %h27_4) ; T:i32
  br label %latch26
latch26:
  %v78 = add i32 %v75, 1 ; T:i32
  br label %loop24
exit27:
  br label %latch22
loop28:
  %v82 = phi i32 [ 0, %case6 ], [ %v84, %latch30 ] ; T:i32
  %h31_0 = phi i32 [ %v6, %case6 ], [ %h31_0, %latch30 ] ; T:i32
  %h31_1 = phi i32 [ %v46, %case6 ], [ %h31_1, %latch30 ] ; T:i32
  %h31_2 = phi i32 [ %v12, %case6 ], [ %h31_2, %latch30 ] ; T:i32
  %h31_3 = phi i32 [ %n, %case6 ], [ %h31_3, %latch30 ] ; T:i32
  %h31_4 = phi float [ %v17, %case6 ], [ %h31_4, %latch30 ] ; T:float
  %h31_5 = phi float [ %v47, %case6 ], [ %h31_5, %latch30 ] ; T:float
  %v83 = icmp slt i32 %v82, %v81 ; T:i1
  br i1 %v83, label %body29, label %exit31
body29:
  br label %latch30
latch30:
  %v84 = add i32 %v82, 1 ; T:i32
  br label %loop28
exit31:
  br label %endsw8
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
