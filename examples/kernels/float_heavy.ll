; ModuleID = 'float_heavy.cu'
source_filename = "float_heavy.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @float_heavy(ptr nocapture noundef readonly %0, ptr nocapture noundef readonly %1, ptr nocapture noundef readonly %2, ptr nocapture noundef readonly %3, ptr nocapture noundef writeonly %4, ptr nocapture noundef writeonly %5, ptr nocapture noundef writeonly %6, ptr nocapture noundef writeonly %7, i32 noundef %8, float noundef %9, float noundef %10) local_unnamed_addr #0 {
  %12 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %13 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %14 = mul i32 %12, %13
  %15 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %16 = add i32 %14, %15
  %17 = icmp slt i32 %16, %8
  br i1 %17, label %18, label %161

18:                                               ; preds = %11
  %19 = sext i32 %16 to i64
  %20 = getelementptr inbounds float, ptr %0, i64 %19
  %21 = load float, ptr %20, align 4, !tbaa !5
  %22 = getelementptr inbounds float, ptr %1, i64 %19
  %23 = load float, ptr %22, align 4, !tbaa !5
  %24 = getelementptr inbounds float, ptr %2, i64 %19
  %25 = load float, ptr %24, align 4, !tbaa !5
  %26 = icmp sgt i32 %8, 0
  br i1 %26, label %27, label %70

27:                                               ; preds = %18
  %28 = and i32 %8, 1
  %29 = icmp eq i32 %8, 1
  br i1 %29, label %34, label %30

30:                                               ; preds = %27
  %31 = and i32 %8, 2147483646
  br label %100

32:                                               ; preds = %100
  %33 = zext nneg i32 %158 to i64
  br label %34

34:                                               ; preds = %32, %27
  %35 = phi float [ poison, %27 ], [ %153, %32 ]
  %36 = phi float [ poison, %27 ], [ %154, %32 ]
  %37 = phi float [ poison, %27 ], [ %155, %32 ]
  %38 = phi float [ poison, %27 ], [ %157, %32 ]
  %39 = phi float [ 0.000000e+00, %27 ], [ %153, %32 ]
  %40 = phi float [ 0.000000e+00, %27 ], [ %154, %32 ]
  %41 = phi float [ 0.000000e+00, %27 ], [ %155, %32 ]
  %42 = phi float [ 0.000000e+00, %27 ], [ %157, %32 ]
  %43 = phi i64 [ 0, %27 ], [ %33, %32 ]
  %44 = icmp eq i32 %28, 0
  br i1 %44, label %70, label %45

45:                                               ; preds = %34
  %46 = getelementptr inbounds float, ptr %0, i64 %43
  %47 = load float, ptr %46, align 4, !tbaa !5
  %48 = fsub contract float %47, %21
  %49 = getelementptr inbounds float, ptr %1, i64 %43
  %50 = load float, ptr %49, align 4, !tbaa !5
  %51 = fsub contract float %50, %23
  %52 = getelementptr inbounds float, ptr %2, i64 %43
  %53 = load float, ptr %52, align 4, !tbaa !5
  %54 = fsub contract float %53, %25
  %55 = tail call contract noundef float @llvm.fma.f32(float %54, float %54, float %9)
  %56 = tail call contract noundef float @llvm.fma.f32(float %51, float %51, float %55)
  %57 = tail call contract noundef float @llvm.fma.f32(float %48, float %48, float %56)
  %58 = tail call contract noundef float @llvm.sqrt.f32(float %57)
  %59 = fdiv contract float 1.000000e+00, %58
  %60 = getelementptr inbounds float, ptr %3, i64 %43
  %61 = load float, ptr %60, align 4, !tbaa !5
  %62 = fmul contract float %61, %59
  %63 = fmul contract float %59, %62
  %64 = fmul contract float %59, %63
  %65 = tail call contract noundef float @llvm.fma.f32(float %48, float %64, float %39)
  %66 = tail call contract noundef float @llvm.fma.f32(float %51, float %64, float %40)
  %67 = tail call contract noundef float @llvm.fma.f32(float %54, float %64, float %41)
  %68 = fdiv contract float %61, %58
  %69 = fsub contract float %42, %68
  br label %70

70:                                               ; preds = %45, %34, %18
  %71 = phi float [ 0.000000e+00, %18 ], [ %38, %34 ], [ %69, %45 ]
  %72 = phi float [ 0.000000e+00, %18 ], [ %37, %34 ], [ %67, %45 ]
  %73 = phi float [ 0.000000e+00, %18 ], [ %36, %34 ], [ %66, %45 ]
  %74 = phi float [ 0.000000e+00, %18 ], [ %35, %34 ], [ %65, %45 ]
  %75 = fneg contract float %10
  %76 = sitofp i32 %16 to float
  %77 = fmul contract float %76, %75
  %78 = sitofp i32 %8 to float
  %79 = fdiv contract float %77, %78
  %80 = fmul contract float %79, 0x3FF7154760000000
  %81 = tail call contract noundef float @llvm.nvvm.ex2.approx.f(float %80)
  %82 = fmul contract float %74, %81
  %83 = tail call contract noundef float @llvm.maxnum.f32(float %82, float -1.000000e+04)
  %84 = tail call contract noundef float @llvm.minnum.f32(float %83, float 1.000000e+04)
  %85 = getelementptr inbounds float, ptr %4, i64 %19
  store float %84, ptr %85, align 4, !tbaa !5
  %86 = fmul contract float %73, %81
  %87 = tail call contract noundef float @llvm.maxnum.f32(float %86, float -1.000000e+04)
  %88 = tail call contract noundef float @llvm.minnum.f32(float %87, float 1.000000e+04)
  %89 = getelementptr inbounds float, ptr %5, i64 %19
  store float %88, ptr %89, align 4, !tbaa !5
  %90 = fmul contract float %72, %81
  %91 = tail call contract noundef float @llvm.maxnum.f32(float %90, float -1.000000e+04)
  %92 = tail call contract noundef float @llvm.minnum.f32(float %91, float 1.000000e+04)
  %93 = getelementptr inbounds float, ptr %6, i64 %19
  store float %92, ptr %93, align 4, !tbaa !5
  %94 = tail call contract noundef float @llvm.fabs.f32(float %71)
  %95 = fmul contract float %94, 5.000000e-01
  %96 = getelementptr inbounds float, ptr %3, i64 %19
  %97 = load float, ptr %96, align 4, !tbaa !5
  %98 = fmul contract float %95, %97
  %99 = getelementptr inbounds float, ptr %7, i64 %19
  store float %98, ptr %99, align 4, !tbaa !5
  br label %161

100:                                              ; preds = %100, %30
  %101 = phi float [ 0.000000e+00, %30 ], [ %153, %100 ]
  %102 = phi float [ 0.000000e+00, %30 ], [ %154, %100 ]
  %103 = phi float [ 0.000000e+00, %30 ], [ %155, %100 ]
  %104 = phi float [ 0.000000e+00, %30 ], [ %157, %100 ]
  %105 = phi i32 [ 0, %30 ], [ %158, %100 ]
  %106 = phi i32 [ 0, %30 ], [ %159, %100 ]
  %107 = zext nneg i32 %105 to i64
  %108 = getelementptr inbounds float, ptr %0, i64 %107
  %109 = load float, ptr %108, align 4, !tbaa !5
  %110 = fsub contract float %109, %21
  %111 = getelementptr inbounds float, ptr %1, i64 %107
  %112 = load float, ptr %111, align 4, !tbaa !5
  %113 = fsub contract float %112, %23
  %114 = getelementptr inbounds float, ptr %2, i64 %107
  %115 = load float, ptr %114, align 4, !tbaa !5
  %116 = fsub contract float %115, %25
  %117 = tail call contract noundef float @llvm.fma.f32(float %116, float %116, float %9)
  %118 = tail call contract noundef float @llvm.fma.f32(float %113, float %113, float %117)
  %119 = tail call contract noundef float @llvm.fma.f32(float %110, float %110, float %118)
  %120 = tail call contract noundef float @llvm.sqrt.f32(float %119)
  %121 = fdiv contract float 1.000000e+00, %120
  %122 = getelementptr inbounds float, ptr %3, i64 %107
  %123 = load float, ptr %122, align 4, !tbaa !5
  %124 = fmul contract float %123, %121
  %125 = fmul contract float %121, %124
  %126 = fmul contract float %121, %125
  %127 = tail call contract noundef float @llvm.fma.f32(float %110, float %126, float %101)
  %128 = tail call contract noundef float @llvm.fma.f32(float %113, float %126, float %102)
  %129 = tail call contract noundef float @llvm.fma.f32(float %116, float %126, float %103)
  %130 = fdiv contract float %123, %120
  %131 = fsub contract float %104, %130
  %132 = or disjoint i32 %105, 1
  %133 = zext nneg i32 %132 to i64
  %134 = getelementptr inbounds float, ptr %0, i64 %133
  %135 = load float, ptr %134, align 4, !tbaa !5
  %136 = fsub contract float %135, %21
  %137 = getelementptr inbounds float, ptr %1, i64 %133
  %138 = load float, ptr %137, align 4, !tbaa !5
  %139 = fsub contract float %138, %23
  %140 = getelementptr inbounds float, ptr %2, i64 %133
  %141 = load float, ptr %140, align 4, !tbaa !5
  %142 = fsub contract float %141, %25
  %143 = tail call contract noundef float @llvm.fma.f32(float %142, float %142, float %9)
  %144 = tail call contract noundef float @llvm.fma.f32(float %139, float %139, float %143)
  %145 = tail call contract noundef float @llvm.fma.f32(float %136, float %136, float %144)
  %146 = tail call contract noundef float @llvm.sqrt.f32(float %145)
  %147 = fdiv contract float 1.000000e+00, %146
  %148 = getelementptr inbounds float, ptr %3, i64 %133
  %149 = load float, ptr %148, align 4, !tbaa !5
  %150 = fmul contract float %149, %147
  %151 = fmul contract float %147, %150
  %152 = fmul contract float %147, %151
  %153 = tail call contract noundef float @llvm.fma.f32(float %136, float %152, float %127)
  %154 = tail call contract noundef float @llvm.fma.f32(float %139, float %152, float %128)
  %155 = tail call contract noundef float @llvm.fma.f32(float %142, float %152, float %129)
  %156 = fdiv contract float %149, %146
  %157 = fsub contract float %131, %156
  %158 = add nuw nsw i32 %105, 2
  %159 = add i32 %106, 2
  %160 = icmp eq i32 %159, %31
  br i1 %160, label %32, label %100, !llvm.loop !9

161:                                              ; preds = %11, %70
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fma.f32(float, float, float) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.ex2.approx.f(float) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.minnum.f32(float, float) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maxnum.f32(float, float) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @float_heavy, !"kernel", i32 1}
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
