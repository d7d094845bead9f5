; ModuleID = 'fp64.cu'
source_filename = "fp64.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @fp64(double noundef %0, ptr nocapture noundef readonly %1, ptr nocapture noundef %2, ptr nocapture noundef readonly %3, ptr nocapture noundef writeonly %4, i32 noundef %5) local_unnamed_addr #0 {
  %7 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %9 = mul i32 %7, %8
  %10 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = add i32 %9, %10
  %12 = tail call noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %13 = mul i32 %12, %8
  %14 = icmp slt i32 %11, %5
  br i1 %14, label %15, label %23

15:                                               ; preds = %6
  %16 = sext i32 %11 to i64
  %17 = getelementptr inbounds double, ptr %2, i64 %16
  %18 = getelementptr inbounds double, ptr %1, i64 %16
  %19 = load double, ptr %18, align 8, !tbaa !5
  %20 = load double, ptr %17, align 8, !tbaa !5
  %21 = tail call contract noundef double @llvm.fma.f64(double %0, double %19, double %20)
  store double %21, ptr %17, align 8, !tbaa !5
  %22 = sitofp i32 %5 to double
  br label %32

23:                                               ; preds = %32, %6
  %24 = phi double [ 0.000000e+00, %6 ], [ %45, %32 ]
  %25 = tail call contract noundef double @llvm.fabs.f64(double %24)
  %26 = tail call contract noundef double @llvm.sqrt.f64(double %25)
  %27 = tail call contract noundef double @llvm.fabs.f64(double %0)
  %28 = fadd contract double %27, 1.000000e+00
  %29 = fdiv contract double %26, %28
  %30 = sext i32 %11 to i64
  %31 = getelementptr inbounds double, ptr %4, i64 %30
  store double %29, ptr %31, align 8, !tbaa !5
  ret void

32:                                               ; preds = %15, %32
  %33 = phi i32 [ %11, %15 ], [ %46, %32 ]
  %34 = phi double [ 0.000000e+00, %15 ], [ %45, %32 ]
  %35 = sext i32 %33 to i64
  %36 = getelementptr inbounds double, ptr %1, i64 %35
  %37 = load double, ptr %36, align 8, !tbaa !5
  %38 = getelementptr inbounds double, ptr %3, i64 %35
  %39 = load double, ptr %38, align 8, !tbaa !5
  %40 = fmul contract double %37, %39
  %41 = sitofp i32 %33 to double
  %42 = fmul contract double %41, 5.000000e-01
  %43 = fdiv contract double %42, %22
  %44 = fsub contract double %40, %43
  %45 = fadd contract double %34, %44
  %46 = add nsw i32 %33, %13
  %47 = icmp slt i32 %46, %5
  br i1 %47, label %32, label %23, !llvm.loop !9
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fma.f64(double, double, double) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.sqrt.f64(double) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fabs.f64(double) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @fp64, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"double", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
