; simtc fuzz-diff program, seed 0xef1bf475a8a23335
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
  %v18 = add i32 %v12, 2 ; T:i32
  %v19 = and i32 %n, 31 ; T:i32
  %v20 = lshr i32 %v12, %v19 ; T:i32
  %v21 = and i32 %tid, 7 ; T:i32
  %v22 = zext i32 %v21 to i64 ; T:i64
  %v23 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %v22 ; T:ptr
  store i32 %tid, ptr %v23, align 4
  %v24 = and i32 %v18, 7 ; T:i32
  %v25 = zext i32 %v24 to i64 ; T:i64
  %v26 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %v25 ; T:ptr
  %v27 = load i32, ptr %v26, align 4 ; T:i32
  br label %loop2
loop2:
  %v28 = phi i32 [ 0, %entry1 ], [ %v31, %latch4 ] ; T:i32
  %h5_0 = phi i32 [ %v18, %entry1 ], [ %v30, %latch4 ] ; T:i32
  %h5_1 = phi i32 [ %v27, %entry1 ], [ %h5_1, %latch4 ] ; T:i32
  %h5_2 = phi i32 [ %v20, %entry1 ], [ %h5_2, %latch4 ] ; T:i32
  %h5_3 = phi i32 [ %n, %entry1 ], [ %h5_3, %latch4 ] ; T:i32
  %h5_4 = phi float [ %v17, %entry1 ], [ %h5_4, %latch4 ] ; T:float
  %h5_5 = phi float [ 1.500000e+00, %entry1 ], [ %h5_5, %latch4 ] ; T:float
  %v29 = icmp slt i32 %v28, 5 ; T:i1
  br i1 %v29, label %body3, label %exit5
body3:
  %v30 = add i32 %h5_0, 915629726 ; T:i32
  br label %latch4
latch4:
  %v31 = add i32 %v28, 1 ; T:i32
  br label %loop2
exit5:
  call void @llvm.nvvm.barrier0()
  %v32 = zext i32 %tid to i64 ; T:i64
  %v33 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 0, i64 %v32 ; T:ptr
  store i32 %h5_1, ptr %v33, align 4
  call void @llvm.nvvm.barrier0()
  %v34 = xor i32 %tid, 125 ; T:i32
  %v35 = zext i32 %v34 to i64 ; T:i64
  %v36 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 0, i64 %v35 ; T:ptr
  %v37 = load i32, ptr %v36, align 4 ; T:i32
  %v38 = and i32 -2047043508, 65535 ; T:i32
  %v39 = or i32 %v38, 1 ; T:i32
  %v40 = sdiv i32 %h5_0, %v39 ; T:i32
  %v41 = icmp ne i32 %h5_3, %v40 ; T:i1
  %v42 = select i1 %v41, i32 %h5_3, i32 %v40 ; T:i32
  %v43 = and i32 %v40, 3 ; T:i32
  switch i32 %v43, label %default6 [ i32 0, label %case7 i32 1, label %case8 i32 2, label %case9 ]
default6:
  %v44 = fcmp olt float %h5_4, 1.000000e+00 ; T:i1
  br i1 %v44, label %then11, label %else12
case7:
  br label %endsw10
case8:
  br label %endsw10
case9:
  br label %endsw10
endsw10:
  %v94 = phi i32 [ %v88, %endif17 ], [ %h5_0, %case7 ], [ %h5_0, %case8 ], [ %h5_0, %case9 ] ; T:i32
  %v95 = phi i32 [ %v89, %endif17 ], [ %v42, %case7 ], [ %v42, %case8 ], [ %v42, %case9 ] ; T:i32
  %v96 = phi i32 [ %v90, %endif17 ], [ %v40, %case7 ], [ %v40, %case8 ], [ %v40, %case9 ] ; T:i32
  %v97 = phi i32 [ %v91, %endif17 ], [ %h5_3, %case7 ], [ %h5_3, %case8 ], [ %h5_3, %case9 ] ; T:i32
  %v98 = phi float [ %v92, %endif17 ], [ %h5_4, %case7 ], [ %h5_4, %case8 ], [ %h5_4, %case9 ] ; T:float
  %v99 = phi float [ %v93, %endif17 ], [ %h5_5, %case7 ], [ %h5_5, %case8 ], [ %h5_5, %case9 ] ; T:float
  %v100 = mul i32 %gid, 6 ; T:i32
  %v101 = add i32 %v100, 0 ; T:i32
  %v102 = zext i32 %v101 to i64 ; T:i64
  %v103 = getelementptr inbounds i32, ptr %out, i64 %v102 ; T:ptr
  store i32 %v94, ptr %v103, align 4
  %v104 = add i32 %v100, 1 ; T:i32
  %v105 = zext i32 %v104 to i64 ; T:i64
  %v106 = getelementptr inbounds i32, ptr %out, i64 %v105 ; T:ptr
  store i32 %v95, ptr %v106, align 4
  %v107 = add i32 %v100, 2 ; T:i32
  %v108 = zext i32 %v107 to i64 ; T:i64
  %v109 = getelementptr inbounds i32, ptr %out, i64 %v108 ; T:ptr
  store i32 %v96, ptr %v109, align 4
  %v110 = add i32 %v100, 3 ; T:i32
  %v111 = zext i32 %v110 to i64 ; T:i64
  %v112 = getelementptr inbounds i32, ptr %out, i64 %v111 ; T:ptr
  store i32 %v97, ptr %v112, align 4
  %v113 = bitcast float %v98 to i32 ; T:i32
  %v114 = add i32 %v100, 4 ; T:i32
  %v115 = zext i32 %v114 to i64 ; T:i64
  %v116 = getelementptr inbounds i32, ptr %out, i64 %v115 ; T:ptr
  store i32 %v113, ptr %v116, align 4
  %v117 = bitcast float %v99 to i32 ; T:i32
  %v118 = add i32 %v100, 5 ; T:i32
  %v119 = zext i32 %v118 to i64 ; T:i64
  %v120 = getelementptr inbounds i32, ptr %out, i64 %v119 ; T:ptr
  store i32 %v117, ptr %v120, align 4
  ret void
then11:
  br label %endif13
else12:
  %v45 = fcmp olt float %h5_5, 1.000000e+00 ; T:i1
  br i1 %v45, label %ret14, label %go15
endif13:
  %v67 = phi i32 [ %v42, %then11 ], [ %h5_0, %go15 ] ; T:i32
  %v68 = phi i32 [ %h5_0, %then11 ], [ %h5_3, %go15 ] ; T:i32
  %v69 = phi i32 [ %h5_3, %then11 ], [ %v42, %go15 ] ; T:i32
  %v70 = fcmp olt float %h5_5, 1.000000e+00 ; T:i1
  br i1 %v70, label %then16, label %endif17
ret14:
  %v46 = mul i32 %gid, 6 ; T:i32
  %v47 = add i32 %v46, 0 ; T:i32
  %v48 = zext i32 %v47 to i64 ; T:i64
  %v49 = getelementptr inbounds i32, ptr %out, i64 %v48 ; T:ptr
  store i32 %h5_0, ptr %v49, align 4
  %v50 = add i32 %v46, 1 ; T:i32
  %v51 = zext i32 %v50 to i64 ; T:i64
  %v52 = getelementptr inbounds i32, ptr %out, i64 %v51 ; T:ptr
  store i32 %h5_3, ptr %v52, align 4
  %v53 = add i32 %v46, 2 ; T:i32
  %v54 = zext i32 %v53 to i64 ; T:i64
  %v55 = getelementptr inbounds i32, ptr %out, i64 %v54 ; T:ptr
  store i32 %v40, ptr %v55, align 4
  %v56 = add i32 %v46, 3 ; T:i32
  %v57 = zext i32 %v56 to i64 ; T:i64
  %v58 = getelementptr inbounds i32, ptr %out, i64 %v57 ; T:ptr
  store i32 %v42, ptr %v58, align 4
  %v59 = bitcast float %h5_4 to i32 ; T:i32
  %v60 = add i32 %v46, 4 ; T:i32
  %v61 = zext i32 %v60 to i64 ; T:i64
  %v62 = getelementptr inbounds i32, ptr %out, i64 %v61 ; T:ptr
  store i32 %v59, ptr %v62, align 4
  %v63 = bitcast float %h5_5 to i32 ; T:i32
  %v64 = add i32 %v46, 5 ; T:i32
  %v65 = zext i32 %v64 to i64 ; T:i64
  %v66 = getelementptr inbounds i32, ptr %out, i64 %v65 ; T:ptr
  store i32 %v63, ptr %v66, align 4
  ret void
go15:
  br label %endif13
then16:
  %v71 = and i32 %v40, 7 ; T:i32
  %v72 = add i32 %v71, 1 ; T:i32
  br label %loop18
endif17:
  %v88 = phi i32 [ %h27_0, %exit27 ], [ %v67, %endif13 ] ; T:i32
  %v89 = phi i32 [ %h27_1, %exit27 ], [ %v68, %endif13 ] ; T:i32
  %v90 = phi i32 [ %h27_2, %exit27 ], [ %v40, %endif13 ] ; T:i32
  %v91 = phi i32 [ %h27_3, %exit27 ], [ %v69, %endif13 ] ; T:i32
  %v92 = phi float [ %h27_4, %exit27 ], [ %h5_4, %endif13 ] ; T:float
  %v93 = phi float [ %h27_5, %exit27 ], [ %h5_5, %endif13 ] ; T:float
  br label %endsw10
loop18:
  %v73 = phi i32 [ 0, %then16 ], [ %v84, %latch20 ] ; T:i32
  %h21_0 = phi i32 [ %v67, %then16 ], [ %v77, %latch20 ] ; T:i32
  %h21_1 = phi i32 [ %v68, %then16 ], [ %h21_1, %latch20 ] ; T:i32
  %h21_2 = phi i32 [ %v40, %then16 ], [ %v76, %latch20 ] ; T:i32
  %h21_3 = phi i32 [ %v69, %then16 ], [ %h21_3, %latch20 ] ; T:i32
  %h21_4 = phi float [ %h5_4, %then16 ], [ %v82, %latch20 ] ; T:float
  %h21_5 = phi float [ %h5_5, %then16 ], [ %h21_5, %latch20 ] ; T:float
  %v74 = icmp slt i32 %v73, %v72 ; T:i1
  br i1 %v74, label %body19, label %exit21
body19:
  %v75 = or i32 %h21_2, 1 ; T:i32
  %v76 = udiv i32 %h21_3, %v75 ; T:i32
  %v77 = or i32 %h21_1, %h21_3 ; T:i32
  %v78 = fadd float %h21_5, %h21_5 ; T:float
  %v79 = fcmp olt float %v78, 1.000000e+06 ; T:i1
  %v80 = fcmp ogt float %v78, -1.000000e+06 ; T:i1
  %v81 = and i1 %v79, %v80 ; T:i1
  %v82 = select i1 %v81, float %v78, float 1.000000e+00 ; T:float
  %v83 = fcmp olt float %h21_5, 1.000000e+00 ; T:i1
  br i1 %v83, label %leave22, label %stay23
latch20:
  %v84 = add i32 %v73, 1 ; T:i32
  br label %loop18
exit21:
  br label %loop24
leave22:
  br label %latch20
stay23:
  br label %latch20
loop24:
  %v85 = phi i32 [ 0, %exit21 ], [ %v87, %latch26 ] ; T:i32
  %h27_0 = phi i32 [ %h21_0, %exit21 ], [ %h27_0, %latch26 ] ; T:i32
  %h27_1 = phi i32 [ %h21_1, %exit21 ], [ %h27_1, %latch26 ] ; T:i32
  %h27_2 = phi i32 [ %h21_2, %exit21 ], [ %h27_2, %latch26 ] ; T:i32
  %h27_3 = phi i32 [ %h21_3, %exit21 ], [ %h27_3, %latch26 ] ; T:i32
  %h27_4 = phi float [ %h21_4, %exit21 ], [ %h27_4, %latch26 ] ; T:float
  %h27_5 = phi float [ %h21_5, %exit21 ], [ %h27_5, %latch26 ] ; T:float
  %v86 = icmp slt i32 %v85, 3 ; T:i1
  br i1 %v86, label %body25, label %exit27
body25:
  br label %latch26
latch26:
  %v87 = add i32 %v85, 1 ; T:i32
  br label %loop24
exit27:
  br label %endif17
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0() #0

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
