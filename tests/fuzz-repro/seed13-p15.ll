; simtc fuzz-diff program, seed 0x66a4c6548c6ab7ed
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [64 x i32] undef, align 4

define dso_local i32 @f0(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  %v1 = and i32 0, 65535 ; T:i32
  %v2 = or i32 %v1, 1 ; T:i32
  %v3 = srem i32 %p1, %v2 ; T:i32
  %v4 = or i32 %v3, 1 ; T:i32
  %v5 = urem i32 %p1, %v4 ; T:i32
  %v6 = fptosi float %p2 to i32 ; T:i32
  %v7 = xor i32 %v3, %p1 ; T:i32
  %v8 = add i32 %v7, %v5 ; T:i32
  %v9 = sub i32 %v8, %v6 ; T:i32
  ret i32 %v9
}

define dso_local i32 @f1(i32 %p0, i32 %p1, float %p2) #1 {
entry1:
  %v1 = sub i32 %p1, %p1 ; T:i32
  %v2 = and i32 %p0, 31 ; T:i32
  %v3 = shl i32 %p1, %v2 ; T:i32
  %v4 = icmp ult i32 %v1, %p1 ; T:i1
  br i1 %v4, label %then2, label %endif3
then2:
  %v5 = add i32 %p1, -1 ; T:i32
  br label %endif3
endif3:
  %v6 = phi i32 [ %v5, %then2 ], [ %p0, %entry1 ] ; T:i32
  %v7 = fptosi float %p2 to i32 ; T:i32
  %v8 = xor i32 %v6, %p1 ; T:i32
  %v9 = add i32 %v8, %v1 ; T:i32
  %v10 = sub i32 %v9, %v7 ; T:i32
  ret i32 %v10
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
  %v18 = and i32 %n, 31 ; T:i32
  %v19 = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %n, i32 %v18, i32 31) ; T:i32
  %v20 = fmul float %v17, 1.500000e+00 ; T:float
  %v21 = fcmp olt float %v20, 1.000000e+06 ; T:i1
  %v22 = fcmp ogt float %v20, -1.000000e+06 ; T:i1
  %v23 = and i1 %v21, %v22 ; T:i1
  %v24 = select i1 %v23, float %v20, float 1.000000e+00 ; T:float
  call void @llvm.nvvm.barrier0()
  %v25 = zext i32 %tid to i64 ; T:i64
  %v26 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 0, i64 %v25 ; T:ptr
  store i32 %v12, ptr %v26, align 4
  call void @llvm.nvvm.barrier0()
  %v27 = xor i32 %tid, 22 ; T:i32
  %v28 = zext i32 %v27 to i64 ; T:i64
  %v29 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 0, i64 %v28 ; T:ptr
  %v30 = load i32, ptr %v29, align 4 ; T:i32
  %v31 = add i32 %v12, 2 ; T:i32
  call void @llvm.nvvm.barrier0()
  %v32 = zext i32 %tid to i64 ; T:i64
  %v33 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 0, i64 %v32 ; T:ptr
  store i32 %v31, ptr %v33, align 4
  call void @llvm.nvvm.barrier0()
  %v34 = add i32 %tid, 52 ; T:i32
  %v35 = and i32 %v34, 63 ; T:i32
  %v36 = zext i32 %v35 to i64 ; T:i64
  %v37 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 0, i64 %v36 ; T:ptr
  %v38 = load i32, ptr %v37, align 4 ; T:i32
  call void @llvm.nvvm.barrier0()
  %v39 = zext i32 %tid to i64 ; T:i64
  %v40 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 0, i64 %v39 ; T:ptr
  store i32 %v19, ptr %v40, align 4
  call void @llvm.nvvm.barrier0()
  %v41 = xor i32 %tid, 43 ; T:i32
  %v42 = zext i32 %v41 to i64 ; T:i64
  %v43 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 0, i64 %v42 ; T:ptr
  %v44 = load i32, ptr %v43, align 4 ; T:i32
  call void @llvm.nvvm.barrier0()
  %v45 = zext i32 %tid to i64 ; T:i64
  %v46 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 0, i64 %v45 ; T:ptr
  store i32 %v19, ptr %v46, align 4
  call void @llvm.nvvm.barrier0()
  %v47 = add i32 %tid, 23 ; T:i32
  %v48 = and i32 %v47, 63 ; T:i32
  %v49 = zext i32 %v48 to i64 ; T:i64
  %v50 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 0, i64 %v49 ; T:ptr
  %v51 = load i32, ptr %v50, align 4 ; T:i32
  %v52 = and i32 %tid, 63 ; T:i32
  %v53 = icmp ugt i32 %v52, 5 ; T:i1
  br i1 %v53, label %then2, label %endif3
then2:
  %v54 = and i32 %v38, 7 ; T:i32
  %v55 = add i32 %v54, 1 ; T:i32
  br label %loop4
endif3:
  %v71 = phi i32 [ %v66, %exit7 ], [ %v44, %entry1 ] ; T:i32
  %v72 = phi i32 [ %h7_2, %exit7 ], [ %v31, %entry1 ] ; T:i32
  %v73 = phi i32 [ %h7_1, %exit7 ], [ %v38, %entry1 ] ; T:i32
  %v74 = phi i32 [ %h7_3, %exit7 ], [ %v51, %entry1 ] ; T:i32
  %v75 = phi float [ %h7_4, %exit7 ], [ %v24, %entry1 ] ; T:float
  %v76 = phi float [ %h7_5, %exit7 ], [ 1.500000e+00, %entry1 ] ; T:float
  %v77 = and i32 %v74, 7 ; T:i32
  %v78 = zext i32 %v77 to i64 ; T:i64
  %v79 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %v78 ; T:ptr
  store i32 %v74, ptr %v79, align 4
  %v80 = and i32 %v71, 7 ; T:i32
  %v81 = zext i32 %v80 to i64 ; T:i64
  %v82 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %v81 ; T:ptr
  %v83 = load i32, ptr %v82, align 4 ; T:i32
  %v84 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v75, i32 16, i32 31) ; T:float
  %v85 = mul i32 %v71, 7 ; T:i32
  %v86 = mul i32 %gid, 6 ; T:i32
  %v87 = add i32 %v86, 0 ; T:i32
  %v88 = zext i32 %v87 to i64 ; T:i64
  %v89 = getelementptr inbounds i32, ptr %out, i64 %v88 ; T:ptr
  store i32 %v71, ptr %v89, align 4
  %v90 = add i32 %v86, 1 ; T:i32
  %v91 = zext i32 %v90 to i64 ; T:i64
  %v92 = getelementptr inbounds i32, ptr %out, i64 %v91 ; T:ptr
  store i32 %v85, ptr %v92, align 4
  %v93 = add i32 %v86, 2 ; T:i32
  %v94 = zext i32 %v93 to i64 ; T:i64
  %v95 = getelementptr inbounds i32, ptr %out, i64 %v94 ; T:ptr
  store i32 %v73, ptr %v95, align 4
  %v96 = add i32 %v86, 3 ; T:i32
  %v97 = zext i32 %v96 to i64 ; T:i64
  %v98 = getelementptr inbounds i32, ptr %out, i64 %v97 ; T:ptr
  store i32 %v74, ptr %v98, align 4
  %v99 = bitcast float %v84 to i32 ; T:i32
  %v100 = add i32 %v86, 4 ; T:i32
  %v101 = zext i32 %v100 to i64 ; T:i64
  %v102 = getelementptr inbounds i32, ptr %out, i64 %v101 ; T:ptr
  store i32 %v99, ptr %v102, align 4
  %v103 = bitcast float %v76 to i32 ; T:i32
  %v104 = add i32 %v86, 5 ; T:i32
  %v105 = zext i32 %v104 to i64 ; T:i64
  %v106 = getelementptr inbounds i32, ptr %out, i64 %v105 ; T:ptr
  store i32 %v103, ptr %v106, align 4
  ret void
loop4:
  %v56 = phi i32 [ 0, %then2 ], [ %v69, %latch6 ] ; T:i32
  %h7_0 = phi i32 [ %v44, %then2 ], [ %v66, %latch6 ] ; T:i32
  %h7_1 = phi i32 [ %v31, %then2 ], [ %h7_1, %latch6 ] ; T:i32
  %h7_2 = phi i32 [ %v38, %then2 ], [ %h7_2, %latch6 ] ; T:i32
  %h7_3 = phi i32 [ %v51, %then2 ], [ %v68, %latch6 ] ; T:i32
  %h7_4 = phi float [ %v24, %then2 ], [ %h7_4, %latch6 ] ; T:float
  %h7_5 = phi float [ 1.500000e+00, %then2 ], [ %h7_5, %latch6 ] ; T:float
  br label %body5
body5:
  %v57 = and i32 %h7_0, 7 ; T:i32
  %v58 = zext i32 %v57 to i64 ; T:i64
  %v59 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %v58 ; T:ptr
  store i32 %h7_1, ptr %v59, align 4
  %v60 = and i32 %h7_2, 7 ; T:i32
  %v61 = zext i32 %v60 to i64 ; T:i64
  %v62 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %v61 ; T:ptr
  %v63 = load i32, ptr %v62, align 4 ; T:i32
  %v64 = or i32 %h7_2, 1 ; T:i32
  %v65 = urem i32 %h7_1, %v64 ; T:i32
  %v66 = add i32 %v65, %h7_3 ; T:i32
  %v67 = icmp sgt i32 %h7_3, 1 ; T:i1
  %v68 = select i1 %v67, i32 %h7_3, i32 1 ; T:i32
  br label %latch6
latch6:
  %v69 = add i32 %v56, 1 ; T:i32
  %v70 = icmp slt i32 %v69, %v55 ; T:i1
  br i1 %v70, label %loop4, label %exit7
exit7:
  br label %endif3
}

declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32) #0
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32) #0
declare void @llvm.nvvm.barrier0() #0

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
