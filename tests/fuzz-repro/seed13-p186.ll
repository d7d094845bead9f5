; simtc fuzz-diff program, seed 0x36c079a2b6b20bf4
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
  %v18 = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %tid, i32 8, i32 31) ; T:i32
  %v19 = and i32 %v12, 7 ; T:i32
  %v20 = add i32 %v19, 1 ; T:i32
  br label %loop2
loop2:
  %v21 = phi i32 [ 0, %entry1 ], [ %v23, %latch4 ] ; T:i32
  %h5_0 = phi i32 [ %v6, %entry1 ], [ %h5_0, %latch4 ] ; T:i32
  %h5_1 = phi i32 [ %v18, %entry1 ], [ %h5_1, %latch4 ] ; T:i32
  %h5_2 = phi i32 [ %v12, %entry1 ], [ %h5_2, %latch4 ] ; T:i32
  %h5_3 = phi i32 [ %n, %entry1 ], [ %h5_3, %latch4 ] ; T:i32
  %h5_4 = phi float [ %v17, %entry1 ], [ %h5_5, %latch4 ] ; T:float
  %h5_5 = phi float [ 1.500000e+00, %entry1 ], [ %h5_4, %latch4 ] ; T:float
  %v22 = icmp slt i32 %v21, %v20 ; T:i1
  br i1 %v22, label %body3, label %exit5
body3:
  br label %latch4
latch4:
  %v23 = add i32 %v21, 1 ; T:i32
  br label %loop2
exit5:
  %v24 = and i32 %h5_0, 7 ; T:i32
  %v25 = add i32 %v24, 1 ; T:i32
  br label %loop6
loop6:
  %v26 = phi i32 [ 0, %exit5 ], [ %v98, %latch8 ] ; T:i32
  %h9_0 = phi i32 [ %h5_0, %exit5 ], [ %v92, %latch8 ] ; T:i32
  %h9_1 = phi i32 [ %h5_1, %exit5 ], [ %v93, %latch8 ] ; T:i32
  %h9_2 = phi i32 [ %h5_2, %exit5 ], [ %v94, %latch8 ] ; T:i32
  %h9_3 = phi i32 [ %h5_3, %exit5 ], [ %v95, %latch8 ] ; T:i32
  %h9_4 = phi float [ %h5_4, %exit5 ], [ %v96, %latch8 ] ; T:float
  %h9_5 = phi float [ %h5_5, %exit5 ], [ %v97, %latch8 ] ; T:float
  br label %body7
body7:
  %v27 = and i32 %h9_0, 65535 ; T:i32
  %v28 = sitofp i32 %v27 to float ; T:float
  %v29 = fsub float %h9_5, %v28 ; T:float
  %v30 = fcmp olt float %v29, 1.000000e+06 ; T:i1
  %v31 = fcmp ogt float %v29, -1.000000e+06 ; T:i1
  %v32 = and i1 %v30, %v31 ; T:i1
  %v33 = select i1 %v32, float %v29, float 1.000000e+00 ; T:float
  %v34 = icmp slt i32 %h9_2, %h9_1 ; T:i1
  br i1 %v34, label %then10, label %endif11
latch8:
  %v92 = phi i32 [ %v86, %endif20 ], [ %v59, %leave21 ] ; T:i32
  %v93 = phi i32 [ %v87, %endif20 ], [ %v60, %leave21 ] ; T:i32
  %v94 = phi i32 [ %v88, %endif20 ], [ %v61, %leave21 ] ; T:i32
  %v95 = phi i32 [ %v89, %endif20 ], [ %v62, %leave21 ] ; T:i32
  %v96 = phi float [ %v90, %endif20 ], [ %v71, %leave21 ] ; T:float
  %v97 = phi float [ %v91, %endif20 ], [ %v64, %leave21 ] ; T:float
  %v98 = add i32 %v26, 1 ; T:i32
  %v99 = icmp slt i32 %v98, %v25 ; T:i1
  br i1 %v99, label %loop6, label %exit9
exit9:
  %v100 = icmp ult i32 %v92, %v95 ; T:i1
  br i1 %v100, label %then27, label %endif28
then10:
  %v35 = fcmp olt float %h9_5, 1.000000e+00 ; T:i1
  br i1 %v35, label %then12, label %endif13
endif11:
  %v59 = phi i32 [ %v56, %exit17 ], [ %h9_0, %body7 ] ; T:i32
  %v60 = phi i32 [ %h17_2, %exit17 ], [ %h9_1, %body7 ] ; T:i32
  %v61 = phi i32 [ %v52, %exit17 ], [ %h9_2, %body7 ] ; T:i32
  %v62 = phi i32 [ %v53, %exit17 ], [ %h9_3, %body7 ] ; T:i32
  %v63 = phi float [ %h17_4, %exit17 ], [ %v33, %body7 ] ; T:float
  %v64 = phi float [ %h17_5, %exit17 ], [ %h9_5, %body7 ] ; T:float
  %v65 = fmul float %v64, %v64 ; T:float
  %v66 = fadd float %v65, 1.000000e+00 ; T:float
  %v67 = fdiv float %v64, %v66 ; T:float
  %v68 = fcmp olt float %v67, 1.000000e+06 ; T:i1
  %v69 = fcmp ogt float %v67, -1.000000e+06 ; T:i1
  %v70 = and i1 %v68, %v69 ; T:i1
  %v71 = select i1 %v70, float %v67, float 1.000000e+00 ; T:float
  %v72 = fcmp olt float %v71, 1.000000e+00 ; T:i1
  br i1 %v72, label %then18, label %else19
then12:
  %v36 = fsub float %h9_5, %v33 ; T:float
  %v37 = fcmp olt float %v36, 1.000000e+06 ; T:i1
  %v38 = fcmp ogt float %v36, -1.000000e+06 ; T:i1
  %v39 = and i1 %v37, %v38 ; T:i1
  %v40 = select i1 %v39, float %v36, float 1.000000e+00 ; T:float
  br label %endif13
endif13:
  %v41 = phi float [ %v40, %then12 ], [ %h9_5, %then10 ] ; T:float
  %v42 = and i32 %h9_0, 7 ; T:i32
  %v43 = add i32 %v42, 1 ; T:i32
  br label %loop14
loop14:
  %v44 = phi i32 [ 0, %endif13 ], [ %v57, %latch16 ] ; T:i32
  %h17_0 = phi i32 [ %h9_0, %endif13 ], [ %v56, %latch16 ] ; T:i32
  %h17_1 = phi i32 [ %h9_1, %endif13 ], [ %v52, %latch16 ] ; T:i32
  %h17_2 = phi i32 [ %h9_2, %endif13 ], [ %h17_2, %latch16 ] ; T:i32
  %h17_3 = phi i32 [ %h9_3, %endif13 ], [ %v53, %latch16 ] ; T:i32
  %h17_4 = phi float [ %v33, %endif13 ], [ %h17_4, %latch16 ] ; T:float
  %h17_5 = phi float [ %v41, %endif13 ], [ %h17_5, %latch16 ] ; T:float
  br label %body15
body15:
  %v45 = and i32 %h17_2, 7 ; T:i32
  %v46 = zext i32 %v45 to i64 ; T:i64
  %v47 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %v46 ; T:ptr
  store i32 %h17_3, ptr %v47, align 4
  %v48 = and i32 %h17_3, 7 ; T:i32
  %v49 = zext i32 %v48 to i64 ; T:i64
  %v50 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %v49 ; T:ptr
  %v51 = load i32, ptr %v50, align 4 ; T:i32
  %v52 = add i32 %v51, %h17_2 ; T:i32
  %v53 = add i32 %h17_0, %v52 ; T:i32
  %v54 = icmp sle i32 %v53, %v52 ; T:i1
  %v55 = zext i1 %v54 to i32 ; T:i32
  %v56 = add i32 %v55, %v53 ; T:i32
  br label %latch16
latch16:
  %v57 = add i32 %v44, 1 ; T:i32
  %v58 = icmp slt i32 %v57, %v43 ; T:i1
  br i1 %v58, label %loop14, label %exit17
exit17:
  br label %endif11
then18:
  %v73 = and i32 %tid, 15 ; T:i32
  %v74 = icmp eq i32 %v73, 1 ; T:i1
  br i1 %v74, label %leave21, label %stay22
else19:
  %v77 = fptosi float %v71 to i32 ; T:i32
  %v78 = mul i32 %v59, %v77 ; T:i32
  %v79 = and i32 %v78, 7 ; T:i32
  %v80 = add i32 %v79, 1 ; T:i32
  br label %loop23
endif20:
  %v86 = phi i32 [ %v59, %stay22 ], [ %h26_0, %exit26 ] ; T:i32
  %v87 = phi i32 [ %v75, %stay22 ], [ %v82, %exit26 ] ; T:i32
  %v88 = phi i32 [ %v76, %stay22 ], [ %v83, %exit26 ] ; T:i32
  %v89 = phi i32 [ %v62, %stay22 ], [ %h26_3, %exit26 ] ; T:i32
  %v90 = phi float [ %v71, %stay22 ], [ %h26_4, %exit26 ] ; T:float
  %v91 = phi float [ %v64, %stay22 ], [ %h26_5, %exit26 ] ; T:float
  br label %latch8
leave21:
  br label %latch8
stay22:
  %v75 = fptosi float %v71 to i32 ; T:i32
  %v76 = add i32 %v61, 31 ; T:i32
  br label %endif20
loop23:
  %v81 = phi i32 [ 0, %else19 ], [ %v84, %latch25 ] ; T:i32
  %h26_0 = phi i32 [ %v59, %else19 ], [ %h26_0, %latch25 ] ; T:i32
  %h26_1 = phi i32 [ %v78, %else19 ], [ %v82, %latch25 ] ; T:i32
  %h26_2 = phi i32 [ %v61, %else19 ], [ %v83, %latch25 ] ; T:i32
  %h26_3 = phi i32 [ %v77, %else19 ], [ %h26_3, %latch25 ] ; T:i32
  %h26_4 = phi float [ %v71, %else19 ], [ %h26_4, %latch25 ] ; T:float
  %h26_5 = phi float [ %v64, %else19 ], [ %h26_5, %latch25 ] ; T:float
  br label %body24
body24:
  %v82 = add i32 %h26_1, -45 ; T:i32
  %v83 = sub i32 %h26_0, %h26_0 ; T:i32
  br label %latch25
latch25:
  %v84 = add i32 %v81, 1 ; T:i32
  %v85 = icmp slt i32 %v84, %v80 ; T:i1
  br i1 %v85, label %loop23, label %exit26
exit26:
  br label %endif20
then27:
  br label %endif28
endif28:
  %v101 = mul i32 %gid, 6 ; T:i32
  %v102 = add i32 %v101, 0 ; T:i32
  %v103 = zext i32 %v102 to i64 ; T:i64
  %v104 = getelementptr inbounds i32, ptr %out, i64 %v103 ; T:ptr
  store i32 %v92, ptr %v104, align 4
  %v105 = add i32 %v101, 1 ; T:i32
  %v106 = zext i32 %v105 to i64 ; T:i64
  %v107 = getelementptr inbounds i32, ptr %out, i64 %v106 ; T:ptr
  store i32 %v93, ptr %v107, align 4
  %v108 = add i32 %v101, 2 ; T:i32
  %v109 = zext i32 %v108 to i64 ; T:i64
  %v110 = getelementptr inbounds i32, ptr %out, i64 %v109 ; T:ptr
  store i32 %v94, ptr %v110, align 4
  %v111 = add i32 %v101, 3 ; T:i32
  %v112 = zext i32 %v111 to i64 ; T:i64
  %v113 = getelementptr inbounds i32, ptr %out, i64 %v112 ; T:ptr
  store i32 %v95, ptr %v113, align 4
  %v114 = bitcast float %v96 to i32 ; T:i32
  %v115 = add i32 %v101, 4 ; T:i32
  %v116 = zext i32 %v115 to i64 ; T:i64
  %v117 = getelementptr inbounds i32, ptr %out, i64 %v116 ; T:ptr
  store i32 %v114, ptr %v117, align 4
  %v118 = bitcast float %v97 to i32 ; T:i32
  %v119 = add i32 %v101, 5 ; T:i32
  %v120 = zext i32 %v119 to i64 ; T:i64
  %v121 = getelementptr inbounds i32, ptr %out, i64 %v120 ; T:ptr
  store i32 %v118, ptr %v121, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32) #0

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
