; ModuleID = 'bitonic_dyn.cu'
source_filename = "bitonic_dyn.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = external dso_local local_unnamed_addr addrspace(3) global [0 x i32], align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @bitonic_dyn(ptr nocapture noundef %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = mul i32 %4, %1
  %6 = zext i32 %5 to i64
  %7 = getelementptr inbounds i32, ptr %0, i64 %6
  %8 = zext nneg i32 %3 to i64
  %9 = getelementptr inbounds i32, ptr %7, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !5
  %11 = getelementptr inbounds [0 x i32], ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 0, i64 %8
  store i32 %10, ptr %11, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %12 = icmp ult i32 %1, 2
  br i1 %12, label %19, label %13

13:                                               ; preds = %2, %21
  %14 = phi i32 [ %22, %21 ], [ 2, %2 ]
  %15 = icmp eq i32 %14, 0
  br i1 %15, label %21, label %16

16:                                               ; preds = %13
  %17 = and i32 %14, %3
  %18 = icmp eq i32 %17, 0
  br label %24

19:                                               ; preds = %21, %2
  %20 = load i32, ptr %11, align 4, !tbaa !5
  store i32 %20, ptr %9, align 4, !tbaa !5
  ret void

21:                                               ; preds = %39, %13
  %22 = shl i32 %14, 1
  %23 = icmp ugt i32 %22, %1
  br i1 %23, label %19, label %13, !llvm.loop !9

24:                                               ; preds = %16, %39
  %25 = phi i32 [ %14, %16 ], [ %26, %39 ]
  %26 = lshr i32 %25, 1
  %27 = xor i32 %26, %3
  %28 = icmp ugt i32 %27, %3
  br i1 %28, label %29, label %39

29:                                               ; preds = %24
  %30 = zext nneg i32 %27 to i64
  %31 = getelementptr inbounds [0 x i32], ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 0, i64 %30
  %32 = load i32, ptr %31, align 4, !tbaa !5
  %33 = load i32, ptr %11, align 4, !tbaa !5
  br i1 %18, label %34, label %36

34:                                               ; preds = %29
  %35 = icmp slt i32 %32, %33
  br i1 %35, label %38, label %39

36:                                               ; preds = %29
  %37 = icmp sgt i32 %32, %33
  br i1 %37, label %38, label %39

38:                                               ; preds = %36, %34
  store i32 %32, ptr %11, align 4, !tbaa !5
  store i32 %33, ptr %31, align 4, !tbaa !5
  br label %39

39:                                               ; preds = %38, %34, %36, %24
  tail call void @llvm.nvvm.barrier0()
  %40 = icmp ult i32 %25, 4
  br i1 %40, label %21, label %24, !llvm.loop !11
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @bitonic_dyn, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10}
