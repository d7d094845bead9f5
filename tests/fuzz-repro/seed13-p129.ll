; simtc fuzz-diff program, seed 0x8901fed0a6c54e7c
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [64 x i32] undef, align 4

define dso_local i32 @f0(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  %v1 = add i32 %p0, %p1 ; T:i32
  %v2 = icmp eq i32 %p1, %v1 ; T:i1
  br i1 %v2, label %then2, label %endif3
then2:
  %v3 = mul i32 %p1, 2147483647 ; T:i32
  %v4 = fcmp olt float %p2, 1.000000e+00 ; T:i1
  br i1 %v4, label %then4, label %else5
endif3:
  %v7 = phi i32 [ %v3, %endif6 ], [ %v1, %entry1 ] ; T:i32
  %v8 = phi i32 [ %v6, %endif6 ], [ %p1, %entry1 ] ; T:i32
  %v9 = fptosi float %p2 to i32 ; T:i32
  %v10 = xor i32 %v7, %v8 ; T:i32
  %v11 = add i32 %v10, %p0 ; T:i32
  %v12 = sub i32 %v11, %v9 ; T:i32
  ret i32 %v12
then4:
  %v5 = sub i32 %p1, %v3 ; T:i32
  br label %endif6
else5:
  br label %endif6
endif6:
  %v6 = phi i32 [ %v5, %then4 ], [ %p1, %else5 ] ; T:i32
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
  %v18 = icmp ne i32 %n, 48 ; T:i1
  br i1 %v18, label %then2, label %endif3
then2:
  %v19 = and i32 %tid, 31 ; T:i32
  %v20 = icmp ult i32 %v19, 1 ; T:i1
  br i1 %v20, label %ret4, label %go5
endif3:
  %v43 = phi i32 [ %v42, %go5 ], [ %v12, %entry1 ] ; T:i32
  %v44 = and i32 %n, 31 ; T:i32
  %v45 = ashr i32 %n, %v44 ; T:i32
  %v46 = or i32 %n, %tid ; T:i32
  %v47 = or i32 %v45, %v45 ; T:i32
  %v48 = and i32 %v46, 7 ; T:i32
  %v49 = zext i32 %v48 to i64 ; T:i64
  %v50 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %v49 ; T:ptr
  store i32 %v6, ptr %v50, align 4
  %v51 = and i32 %v47, 7 ; T:i32
  %v52 = zext i32 %v51 to i64 ; T:i64
  %v53 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %v52 ; T:ptr
  %v54 = load i32, ptr %v53, align 4 ; T:i32
  %v55 = icmp ne i32 %v45, 3 ; T:i1
  br i1 %v55, label %then6, label %endif7
ret4:
  %v21 = mul i32 %gid, 6 ; T:i32
  %v22 = add i32 %v21, 0 ; T:i32
  %v23 = zext i32 %v22 to i64 ; T:i64
  %v24 = getelementptr inbounds i32, ptr %out, i64 %v23 ; T:ptr
  store i32 %v6, ptr %v24, align 4
  %v25 = add i32 %v21, 1 ; T:i32
  %v26 = zext i32 %v25 to i64 ; T:i64
  %v27 = getelementptr inbounds i32, ptr %out, i64 %v26 ; T:ptr
  store i32 %tid, ptr %v27, align 4
  %v28 = add i32 %v21, 2 ; T:i32
  %v29 = zext i32 %v28 to i64 ; T:i64
  %v30 = getelementptr inbounds i32, ptr %out, i64 %v29 ; T:ptr
  store i32 %v12, ptr %v30, align 4
  %v31 = add i32 %v21, 3 ; T:i32
  %v32 = zext i32 %v31 to i64 ; T:i64
  %v33 = getelementptr inbounds i32, ptr %out, i64 %v32 ; T:ptr
  store i32 %n, ptr %v33, align 4
  %v34 = bitcast float %v17 to i32 ; T:i32
  %v35 = add i32 %v21, 4 ; T:i32
  %v36 = zext i32 %v35 to i64 ; T:i64
  %v37 = getelementptr inbounds i32, ptr %out, i64 %v36 ; T:ptr
  store i32 %v34, ptr %v37, align 4
  %v38 = bitcast float 1.500000e+00 to i32 ; T:i32
  %v39 = add i32 %v21, 5 ; T:i32
  %v40 = zext i32 %v39 to i64 ; T:i64
  %v41 = getelementptr inbounds i32, ptr %out, i64 %v40 ; T:ptr
  store i32 %v38, ptr %v41, align 4
  ret void
go5:
  %v42 = or i32 %n, %tid ; T:i32
  br label %endif3
then6:
  %v56 = or i32 %v54, 1 ; T:i32
  %v57 = urem i32 %v54, %v56 ; T:i32
  br label %endif7
endif7:
  %v58 = phi i32 [ %v57, %then6 ], [ %v54, %endif3 ] ; T:i32
  %v59 = phi i32 [ %v45, %then6 ], [ %v46, %endif3 ] ; T:i32
  %v60 = phi i32 [ %v46, %then6 ], [ %v45, %endif3 ] ; T:i32
  %v61 = or i32 %v59, 1 ; T:i32
  %v62 = urem i32 %v58, %v61 ; T:i32
  %v63 = add i32 %v62, 32 ; T:i32
  %v64 = mul i32 %gid, 6 ; T:i32
  %v65 = add i32 %v64, 0 ; T:i32
  %v66 = zext i32 %v65 to i64 ; T:i64
  %v67 = getelementptr inbounds i32, ptr %out, i64 %v66 ; T:ptr
  store i32 %v62, ptr %v67, align 4
  %v68 = add i32 %v64, 1 ; T:i32
  %v69 = zext i32 %v68 to i64 ; T:i64
  %v70 = getelementptr inbounds i32, ptr %out, i64 %v69 ; T:ptr
  store i32 %v59, ptr %v70, align 4
  %v71 = add i32 %v64, 2 ; T:i32
  %v72 = zext i32 %v71 to i64 ; T:i64
  %v73 = getelementptr inbounds i32, ptr %out, i64 %v72 ; T:ptr
  store i32 %v60, ptr %v73, align 4
  %v74 = add i32 %v64, 3 ; T:i32
  %v75 = zext i32 %v74 to i64 ; T:i64
  %v76 = getelementptr inbounds i32, ptr %out, i64 %v75 ; T:ptr
  store i32 %v63, ptr %v76, align 4
  %v77 = bitcast float %v17 to i32 ; T:i32
  %v78 = add i32 %v64, 4 ; T:i32
  %v79 = zext i32 %v78 to i64 ; T:i64
  %v80 = getelementptr inbounds i32, ptr %out, i64 %v79 ; T:ptr
  store i32 %v77, ptr %v80, align 4
  %v81 = bitcast float 1.500000e+00 to i32 ; T:i32
  %v82 = add i32 %v64, 5 ; T:i32
  %v83 = zext i32 %v82 to i64 ; T:i64
  %v84 = getelementptr inbounds i32, ptr %out, i64 %v83 ; T:ptr
  store i32 %v81, ptr %v84, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
