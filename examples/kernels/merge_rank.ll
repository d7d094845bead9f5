; ModuleID = 'merge_rank.cu'
source_filename = "merge_rank.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @merge_rank(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = icmp ult i32 %9, %2
  br i1 %10, label %11, label %62

11:                                               ; preds = %4
  %12 = shl i32 %3, 1
  %13 = udiv i32 %9, %12
  %14 = shl i32 %13, 1
  %15 = mul i32 %14, %3
  %16 = add i32 %15, %3
  %17 = tail call i32 @llvm.umin.i32(i32 %16, i32 %2)
  %18 = zext i32 %9 to i64
  %19 = getelementptr inbounds i32, ptr %0, i64 %18
  %20 = load i32, ptr %19, align 4, !tbaa !5
  %21 = icmp ugt i32 %16, %9
  br i1 %21, label %24, label %22

22:                                               ; preds = %11
  %23 = icmp ult i32 %15, %17
  br i1 %23, label %42, label %56

24:                                               ; preds = %11
  %25 = add i32 %17, %3
  %26 = tail call i32 @llvm.umin.i32(i32 %25, i32 %2)
  %27 = icmp ult i32 %16, %26
  br i1 %27, label %28, label %56

28:                                               ; preds = %24, %28
  %29 = phi i32 [ %40, %28 ], [ %26, %24 ]
  %30 = phi i32 [ %39, %28 ], [ %17, %24 ]
  %31 = sub i32 %29, %30
  %32 = lshr i32 %31, 1
  %33 = add i32 %32, %30
  %34 = zext i32 %33 to i64
  %35 = getelementptr inbounds i32, ptr %0, i64 %34
  %36 = load i32, ptr %35, align 4, !tbaa !5
  %37 = icmp slt i32 %36, %20
  %38 = add i32 %33, 1
  %39 = select i1 %37, i32 %38, i32 %30
  %40 = select i1 %37, i32 %29, i32 %33
  %41 = icmp ult i32 %39, %40
  br i1 %41, label %28, label %56, !llvm.loop !9

42:                                               ; preds = %22, %42
  %43 = phi i32 [ %54, %42 ], [ %17, %22 ]
  %44 = phi i32 [ %53, %42 ], [ %15, %22 ]
  %45 = sub i32 %43, %44
  %46 = lshr i32 %45, 1
  %47 = add i32 %46, %44
  %48 = zext i32 %47 to i64
  %49 = getelementptr inbounds i32, ptr %0, i64 %48
  %50 = load i32, ptr %49, align 4, !tbaa !5
  %51 = icmp sgt i32 %50, %20
  %52 = add i32 %47, 1
  %53 = select i1 %51, i32 %44, i32 %52
  %54 = select i1 %51, i32 %47, i32 %43
  %55 = icmp ult i32 %53, %54
  br i1 %55, label %42, label %56, !llvm.loop !11

56:                                               ; preds = %42, %28, %22, %24
  %57 = phi i32 [ %17, %24 ], [ %15, %22 ], [ %39, %28 ], [ %53, %42 ]
  %58 = sub i32 %9, %17
  %59 = add i32 %58, %57
  %60 = zext i32 %59 to i64
  %61 = getelementptr inbounds i32, ptr %1, i64 %60
  store i32 %20, ptr %61, align 4, !tbaa !5
  br label %62

62:                                               ; preds = %4, %56
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umin.i32(i32, i32) #2

attributes #0 = { mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @merge_rank, !"kernel", i32 1}
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
