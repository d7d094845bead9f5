; ModuleID = 'sb4_r.cu'
source_filename = "sb4_r.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ5sb4_rE2sa = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ5sb4_rE2sb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ5sb4_rE2sc = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ5sb4_rE2ra = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ5sb4_rE2rb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ5sb4_rE2rc = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ5sb4_rE2ma = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ5sb4_rE2mb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ5sb4_rE2mc = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ5sb4_rE2na = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ5sb4_rE2nb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ5sb4_rE2nc = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @sb4_r(ptr nocapture noundef %0, ptr nocapture noundef %1, ptr nocapture noundef %2, ptr nocapture noundef readonly %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #0 {
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %9 = shl i32 %8, 8
  %10 = add i32 %9, %7
  %11 = zext i32 %10 to i64
  %12 = getelementptr inbounds float, ptr %0, i64 %11
  %13 = load float, ptr %12, align 4, !tbaa !5
  %14 = zext nneg i32 %7 to i64
  %15 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2sa to ptr), i64 0, i64 %14
  store float %13, ptr %15, align 4, !tbaa !5
  %16 = getelementptr inbounds float, ptr %1, i64 %11
  %17 = load float, ptr %16, align 4, !tbaa !5
  %18 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2sb to ptr), i64 0, i64 %14
  store float %17, ptr %18, align 4, !tbaa !5
  %19 = getelementptr inbounds float, ptr %2, i64 %11
  %20 = load float, ptr %19, align 4, !tbaa !5
  %21 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2sc to ptr), i64 0, i64 %14
  store float %20, ptr %21, align 4, !tbaa !5
  %22 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2ra to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %22, align 4, !tbaa !5
  %23 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2rb to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %23, align 4, !tbaa !5
  %24 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2rc to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %24, align 4, !tbaa !5
  %25 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2ma to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %25, align 4, !tbaa !5
  %26 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2mb to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %26, align 4, !tbaa !5
  %27 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2mc to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %27, align 4, !tbaa !5
  %28 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2na to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %28, align 4, !tbaa !5
  %29 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2nb to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %29, align 4, !tbaa !5
  %30 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2nc to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %30, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %31 = icmp sgt i32 %4, 0
  br i1 %31, label %32, label %41

32:                                               ; preds = %6
  %33 = icmp sgt i32 %5, 0
  %34 = and i32 %7, 1
  %35 = icmp eq i32 %34, 0
  %36 = and i32 %7, 2
  %37 = icmp eq i32 %36, 0
  %38 = add nuw nsw i32 %7, 17
  br label %39

39:                                               ; preds = %32, %45
  %40 = phi i32 [ 0, %32 ], [ %64, %45 ]
  br i1 %33, label %66, label %45

41:                                               ; preds = %45, %6
  %42 = load float, ptr %15, align 4, !tbaa !5
  store float %42, ptr %12, align 4, !tbaa !5
  %43 = load float, ptr %18, align 4, !tbaa !5
  store float %43, ptr %16, align 4, !tbaa !5
  %44 = load float, ptr %21, align 4, !tbaa !5
  store float %44, ptr %19, align 4, !tbaa !5
  ret void

45:                                               ; preds = %125, %39
  tail call void @llvm.nvvm.barrier0()
  %46 = load float, ptr %22, align 4, !tbaa !5
  %47 = load float, ptr %25, align 4, !tbaa !5
  %48 = load float, ptr %28, align 4, !tbaa !5
  %49 = fadd contract float %47, %48
  %50 = fmul contract float %49, 2.500000e-01
  %51 = fadd contract float %46, %50
  store float %51, ptr %15, align 4, !tbaa !5
  %52 = load float, ptr %23, align 4, !tbaa !5
  %53 = load float, ptr %26, align 4, !tbaa !5
  %54 = load float, ptr %29, align 4, !tbaa !5
  %55 = fadd contract float %53, %54
  %56 = fmul contract float %55, 5.000000e-01
  %57 = fsub contract float %52, %56
  store float %57, ptr %18, align 4, !tbaa !5
  %58 = load float, ptr %24, align 4, !tbaa !5
  %59 = load float, ptr %27, align 4, !tbaa !5
  %60 = load float, ptr %30, align 4, !tbaa !5
  %61 = fsub contract float %59, %60
  %62 = fmul contract float %61, 1.250000e-01
  %63 = fadd contract float %58, %62
  store float %63, ptr %21, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %64 = add nuw nsw i32 %40, 1
  %65 = icmp eq i32 %64, %4
  br i1 %65, label %41, label %39, !llvm.loop !9

66:                                               ; preds = %39, %125
  %67 = phi i32 [ %126, %125 ], [ 0, %39 ]
  %68 = zext nneg i32 %67 to i64
  %69 = getelementptr inbounds float, ptr %3, i64 %68
  %70 = load float, ptr %69, align 4, !tbaa !5
  br i1 %35, label %88, label %71

71:                                               ; preds = %66
  %72 = add nuw i32 %67, %7
  %73 = and i32 %72, 255
  %74 = zext nneg i32 %73 to i64
  %75 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2sa to ptr), i64 0, i64 %74
  %76 = load float, ptr %75, align 4, !tbaa !5
  %77 = fmul contract float %70, %76
  %78 = fadd contract float %77, 1.000000e+00
  %79 = fmul contract float %76, %78
  %80 = fsub contract float %79, %70
  %81 = load float, ptr %22, align 4, !tbaa !5
  %82 = fmul contract float %81, 5.000000e-01
  %83 = fadd contract float %82, %80
  store float %83, ptr %22, align 4, !tbaa !5
  %84 = load float, ptr %25, align 4, !tbaa !5
  %85 = tail call contract noundef float @llvm.maxnum.f32(float %84, float %80)
  store float %85, ptr %25, align 4, !tbaa !5
  %86 = load float, ptr %28, align 4, !tbaa !5
  %87 = tail call contract noundef float @llvm.minnum.f32(float %86, float %80)
  store float %87, ptr %28, align 4, !tbaa !5
  br label %125

88:                                               ; preds = %66
  br i1 %37, label %106, label %89

89:                                               ; preds = %88
  %90 = mul nuw nsw i32 %67, 3
  %91 = add nuw i32 %90, %7
  %92 = and i32 %91, 255
  %93 = zext nneg i32 %92 to i64
  %94 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2sb to ptr), i64 0, i64 %93
  %95 = load float, ptr %94, align 4, !tbaa !5
  %96 = fsub contract float %95, %70
  %97 = fmul contract float %95, %95
  %98 = fadd contract float %97, 1.000000e+00
  %99 = fdiv contract float %96, %98
  %100 = load float, ptr %23, align 4, !tbaa !5
  %101 = fmul contract float %99, 1.250000e-01
  %102 = fadd contract float %100, %101
  store float %102, ptr %23, align 4, !tbaa !5
  %103 = load float, ptr %26, align 4, !tbaa !5
  %104 = fsub contract float %95, %99
  %105 = tail call contract noundef float @llvm.minnum.f32(float %103, float %104)
  store float %105, ptr %26, align 4, !tbaa !5
  br label %125

106:                                              ; preds = %88
  %107 = add nuw i32 %38, %67
  %108 = and i32 %107, 255
  %109 = zext nneg i32 %108 to i64
  %110 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ5sb4_rE2sc to ptr), i64 0, i64 %109
  %111 = load float, ptr %110, align 4, !tbaa !5
  %112 = fmul contract float %111, %111
  %113 = fmul contract float %111, %112
  %114 = fmul contract float %70, 2.000000e+00
  %115 = fsub contract float %113, %114
  %116 = tail call contract noundef float @llvm.maxnum.f32(float %115, float -4.000000e+00)
  %117 = load float, ptr %24, align 4, !tbaa !5
  %118 = fmul contract float %117, 8.750000e-01
  %119 = fsub contract float %118, %116
  store float %119, ptr %24, align 4, !tbaa !5
  %120 = load float, ptr %27, align 4, !tbaa !5
  %121 = fmul contract float %116, 5.000000e-01
  %122 = tail call contract noundef float @llvm.maxnum.f32(float %120, float %121)
  store float %122, ptr %27, align 4, !tbaa !5
  %123 = load float, ptr %30, align 4, !tbaa !5
  %124 = fadd contract float %123, 1.000000e+00
  store float %124, ptr %30, align 4, !tbaa !5
  br label %125

125:                                              ; preds = %89, %106, %71
  %126 = add nuw nsw i32 %67, 1
  %127 = icmp eq i32 %126, %5
  br i1 %127, label %45, label %66, !llvm.loop !11
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maxnum.f32(float, float) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.minnum.f32(float, float) #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @sb4_r, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10, !12}
!12 = !{!"llvm.loop.unroll.disable"}
