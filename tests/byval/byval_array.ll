; ModuleID = 'byval_array.cu'
source_filename = "byval_array.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Big = type { [256 x i32] }

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @byval_array(ptr nocapture noundef readonly byval(%struct.Big) align 4 %0, ptr nocapture noundef readonly %1, ptr nocapture noundef writeonly %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = srem i32 %9, 7
  %11 = icmp slt i32 %10, %3
  br i1 %11, label %33, label %12

12:                                               ; preds = %33, %4
  %13 = phi i32 [ 0, %4 ], [ %41, %33 ]
  %14 = and i32 %9, 1
  %15 = icmp eq i32 %14, 0
  %16 = srem i32 %9, 64
  %17 = sext i32 %16 to i64
  %18 = add nsw i32 %16, 128
  %19 = zext nneg i32 %18 to i64
  %20 = select i1 %15, i64 %19, i64 %17
  %21 = getelementptr inbounds [256 x i32], ptr %0, i64 0, i64 %20
  %22 = load i32, ptr %21, align 4, !tbaa !6
  %23 = getelementptr inbounds i8, ptr %21, i64 4
  %24 = load i32, ptr %23, align 4, !tbaa !6
  %25 = mul nsw i32 %24, 3
  %26 = sext i32 %9 to i64
  %27 = getelementptr inbounds i32, ptr %1, i64 %26
  %28 = load i32, ptr %27, align 4, !tbaa !6
  %29 = add i32 %22, %13
  %30 = add i32 %29, %25
  %31 = add nsw i32 %30, %28
  %32 = getelementptr inbounds i32, ptr %2, i64 %26
  store i32 %31, ptr %32, align 4, !tbaa !6
  ret void

33:                                               ; preds = %4, %33
  %34 = phi i32 [ %41, %33 ], [ 0, %4 ]
  %35 = phi i32 [ %42, %33 ], [ %10, %4 ]
  %36 = sext i32 %35 to i64
  %37 = getelementptr inbounds [256 x i32], ptr %0, i64 0, i64 %36
  %38 = load i32, ptr %37, align 4, !tbaa !6
  %39 = add nsw i32 %35, 1
  %40 = mul nsw i32 %38, %39
  %41 = add nsw i32 %40, %34
  %42 = add nsw i32 %35, 3
  %43 = icmp slt i32 %42, %3
  br i1 %43, label %33, label %12, !llvm.loop !10
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(read, argmem: readwrite, inaccessiblemem: none)
define dso_local void @byval_mixed(ptr nocapture noundef readonly byval(%struct.Big) align 4 %0, ptr nocapture noundef readonly %1, ptr nocapture noundef writeonly %2, i32 noundef %3) local_unnamed_addr #1 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = and i32 %9, 2
  %11 = icmp eq i32 %10, 0
  %12 = select i1 %11, ptr %1, ptr %0
  %13 = icmp sgt i32 %3, 0
  br i1 %13, label %14, label %36

14:                                               ; preds = %4
  %15 = and i32 %3, 7
  %16 = icmp ult i32 %3, 8
  br i1 %16, label %19, label %17

17:                                               ; preds = %14
  %18 = and i32 %3, 2147483640
  br label %40

19:                                               ; preds = %40, %14
  %20 = phi i32 [ poison, %14 ], [ %91, %40 ]
  %21 = phi i32 [ 0, %14 ], [ %89, %40 ]
  %22 = phi i32 [ 0, %14 ], [ %91, %40 ]
  %23 = icmp eq i32 %15, 0
  br i1 %23, label %36, label %24

24:                                               ; preds = %19, %24
  %25 = phi i32 [ %31, %24 ], [ %21, %19 ]
  %26 = phi i32 [ %33, %24 ], [ %22, %19 ]
  %27 = phi i32 [ %34, %24 ], [ 0, %19 ]
  %28 = zext nneg i32 %25 to i64
  %29 = getelementptr inbounds i32, ptr %12, i64 %28
  %30 = load i32, ptr %29, align 4, !tbaa !6
  %31 = add nuw nsw i32 %25, 1
  %32 = mul nsw i32 %30, %31
  %33 = add nsw i32 %32, %26
  %34 = add i32 %27, 1
  %35 = icmp eq i32 %34, %15
  br i1 %35, label %36, label %24, !llvm.loop !12

36:                                               ; preds = %19, %24, %4
  %37 = phi i32 [ 0, %4 ], [ %20, %19 ], [ %33, %24 ]
  %38 = sext i32 %9 to i64
  %39 = getelementptr inbounds i32, ptr %2, i64 %38
  store i32 %37, ptr %39, align 4, !tbaa !6
  ret void

40:                                               ; preds = %40, %17
  %41 = phi i32 [ 0, %17 ], [ %89, %40 ]
  %42 = phi i32 [ 0, %17 ], [ %91, %40 ]
  %43 = phi i32 [ 0, %17 ], [ %92, %40 ]
  %44 = zext nneg i32 %41 to i64
  %45 = getelementptr inbounds i32, ptr %12, i64 %44
  %46 = load i32, ptr %45, align 4, !tbaa !6
  %47 = or disjoint i32 %41, 1
  %48 = mul nsw i32 %46, %47
  %49 = add nsw i32 %48, %42
  %50 = zext nneg i32 %47 to i64
  %51 = getelementptr inbounds i32, ptr %12, i64 %50
  %52 = load i32, ptr %51, align 4, !tbaa !6
  %53 = or disjoint i32 %41, 2
  %54 = mul nsw i32 %52, %53
  %55 = add nsw i32 %54, %49
  %56 = zext nneg i32 %53 to i64
  %57 = getelementptr inbounds i32, ptr %12, i64 %56
  %58 = load i32, ptr %57, align 4, !tbaa !6
  %59 = or disjoint i32 %41, 3
  %60 = mul nsw i32 %58, %59
  %61 = add nsw i32 %60, %55
  %62 = zext nneg i32 %59 to i64
  %63 = getelementptr inbounds i32, ptr %12, i64 %62
  %64 = load i32, ptr %63, align 4, !tbaa !6
  %65 = or disjoint i32 %41, 4
  %66 = mul nsw i32 %64, %65
  %67 = add nsw i32 %66, %61
  %68 = zext nneg i32 %65 to i64
  %69 = getelementptr inbounds i32, ptr %12, i64 %68
  %70 = load i32, ptr %69, align 4, !tbaa !6
  %71 = or disjoint i32 %41, 5
  %72 = mul nsw i32 %70, %71
  %73 = add nsw i32 %72, %67
  %74 = zext nneg i32 %71 to i64
  %75 = getelementptr inbounds i32, ptr %12, i64 %74
  %76 = load i32, ptr %75, align 4, !tbaa !6
  %77 = or disjoint i32 %41, 6
  %78 = mul nsw i32 %76, %77
  %79 = add nsw i32 %78, %73
  %80 = zext nneg i32 %77 to i64
  %81 = getelementptr inbounds i32, ptr %12, i64 %80
  %82 = load i32, ptr %81, align 4, !tbaa !6
  %83 = or disjoint i32 %41, 7
  %84 = mul nsw i32 %82, %83
  %85 = add nsw i32 %84, %79
  %86 = zext nneg i32 %83 to i64
  %87 = getelementptr inbounds i32, ptr %12, i64 %86
  %88 = load i32, ptr %87, align 4, !tbaa !6
  %89 = add nuw nsw i32 %41, 8
  %90 = mul nsw i32 %88, %89
  %91 = add nsw i32 %90, %85
  %92 = add i32 %43, 8
  %93 = icmp eq i32 %92, %18
  br i1 %93, label %19, label %40, !llvm.loop !14
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind memory(read, argmem: readwrite, inaccessiblemem: none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0, !1}
!llvm.module.flags = !{!2, !3, !4}
!llvm.ident = !{!5}

!0 = !{ptr @byval_array, !"kernel", i32 1}
!1 = !{ptr @byval_mixed, !"kernel", i32 1}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.unroll.disable"}
!14 = distinct !{!14, !11}
