; ModuleID = 'switch_kernel.cu'
source_filename = "switch_kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite)
define dso_local void @switch_kernel(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, ptr nocapture noundef writeonly %2, ptr nocapture noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds i32, ptr %0, i64 %10
  %12 = load i32, ptr %11, align 4, !tbaa !5
  %13 = and i32 %8, 15
  switch i32 %13, label %40 [
    i32 0, label %14
    i32 1, label %17
    i32 2, label %20
    i32 5, label %28
    i32 7, label %30
    i32 8, label %30
    i32 13, label %35
  ]

14:                                               ; preds = %4
  %15 = add nsw i32 %12, 1
  %16 = getelementptr inbounds i32, ptr %1, i64 %10
  store i32 %15, ptr %16, align 4, !tbaa !5
  br label %42

17:                                               ; preds = %4
  %18 = mul nsw i32 %12, 3
  %19 = getelementptr inbounds i32, ptr %2, i64 %10
  store i32 %18, ptr %19, align 4, !tbaa !5
  br label %42

20:                                               ; preds = %4
  %21 = add i32 %9, 1
  %22 = zext i32 %21 to i64
  %23 = getelementptr inbounds i32, ptr %0, i64 %22
  %24 = load i32, ptr %23, align 4, !tbaa !5
  %25 = sub nsw i32 %24, %12
  %26 = getelementptr inbounds i32, ptr %1, i64 %10
  store i32 %25, ptr %26, align 4, !tbaa !5
  %27 = getelementptr inbounds i32, ptr %2, i64 %10
  store i32 0, ptr %27, align 4, !tbaa !5
  br label %42

28:                                               ; preds = %4
  %29 = atomicrmw add ptr %3, i32 %12 seq_cst, align 4
  br label %42

30:                                               ; preds = %4, %4
  %31 = shl i32 %12, 2
  %32 = getelementptr inbounds i32, ptr %1, i64 %10
  store i32 %31, ptr %32, align 4, !tbaa !5
  %33 = ashr i32 %12, 1
  %34 = getelementptr inbounds i32, ptr %2, i64 %10
  store i32 %33, ptr %34, align 4, !tbaa !5
  br label %42

35:                                               ; preds = %4
  %36 = sub nsw i32 0, %12
  %37 = xor i32 %9, 1
  %38 = zext i32 %37 to i64
  %39 = getelementptr inbounds i32, ptr %2, i64 %38
  store i32 %36, ptr %39, align 4, !tbaa !5
  br label %42

40:                                               ; preds = %4
  %41 = getelementptr inbounds i32, ptr %1, i64 %10
  store i32 0, ptr %41, align 4, !tbaa !5
  br label %42

42:                                               ; preds = %40, %35, %30, %28, %20, %17, %14
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @switch_kernel, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
