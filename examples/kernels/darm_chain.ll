; ModuleID = 'darm_chain.cu'
source_filename = "darm_chain.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ10darm_chainE2sa = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ10darm_chainE2sb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ10darm_chainE2ra = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ10darm_chainE2rb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ10darm_chainE2ma = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ10darm_chainE2mb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ10darm_chainE3cnt = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ10darm_chainE2pa = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ10darm_chainE2pb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ10darm_chainE2qa = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ10darm_chainE2qb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ10darm_chainE2ru = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @darm_chain(ptr nocapture noundef %0, ptr nocapture noundef %1, ptr nocapture noundef readonly %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = shl i32 %7, 8
  %9 = add i32 %8, %6
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds float, ptr %0, i64 %10
  %12 = load float, ptr %11, align 4, !tbaa !5
  %13 = zext nneg i32 %6 to i64
  %14 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2sa to ptr), i64 0, i64 %13
  store float %12, ptr %14, align 4, !tbaa !5
  %15 = getelementptr inbounds float, ptr %1, i64 %10
  %16 = load float, ptr %15, align 4, !tbaa !5
  %17 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2sb to ptr), i64 0, i64 %13
  store float %16, ptr %17, align 4, !tbaa !5
  %18 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2ra to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %18, align 4, !tbaa !5
  %19 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2rb to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %19, align 4, !tbaa !5
  %20 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2ma to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %20, align 4, !tbaa !5
  %21 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2mb to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %21, align 4, !tbaa !5
  %22 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE3cnt to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %22, align 4, !tbaa !5
  %23 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2pa to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %23, align 4, !tbaa !5
  %24 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2pb to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %24, align 4, !tbaa !5
  %25 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2qa to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %25, align 4, !tbaa !5
  %26 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2qb to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %26, align 4, !tbaa !5
  %27 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2ru to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %27, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %28 = icmp sgt i32 %3, 0
  br i1 %28, label %29, label %40

29:                                               ; preds = %5
  %30 = icmp sgt i32 %4, 0
  %31 = trunc nuw nsw i32 %6 to i16
  %32 = urem i16 %31, 3
  %33 = icmp eq i16 %32, 0
  %34 = and i32 %6, 1
  %35 = icmp eq i32 %34, 0
  %36 = and i32 %6, 2
  %37 = icmp eq i32 %36, 0
  br label %38

38:                                               ; preds = %29, %43
  %39 = phi i32 [ 0, %29 ], [ %64, %43 ]
  br i1 %30, label %66, label %43

40:                                               ; preds = %43, %5
  %41 = load float, ptr %14, align 4, !tbaa !5
  store float %41, ptr %11, align 4, !tbaa !5
  %42 = load float, ptr %17, align 4, !tbaa !5
  store float %42, ptr %15, align 4, !tbaa !5
  ret void

43:                                               ; preds = %151, %38
  tail call void @llvm.nvvm.barrier0()
  %44 = load float, ptr %18, align 4, !tbaa !5
  %45 = load float, ptr %20, align 4, !tbaa !5
  %46 = fmul contract float %45, 2.500000e-01
  %47 = fadd contract float %44, %46
  %48 = load float, ptr %23, align 4, !tbaa !5
  %49 = fadd contract float %48, %47
  %50 = load float, ptr %25, align 4, !tbaa !5
  %51 = fsub contract float %49, %50
  store float %51, ptr %14, align 4, !tbaa !5
  %52 = load float, ptr %19, align 4, !tbaa !5
  %53 = load float, ptr %21, align 4, !tbaa !5
  %54 = fmul contract float %53, 5.000000e-01
  %55 = fsub contract float %52, %54
  %56 = load float, ptr %22, align 4, !tbaa !5
  %57 = fadd contract float %56, %55
  %58 = load float, ptr %24, align 4, !tbaa !5
  %59 = fadd contract float %58, %57
  %60 = load float, ptr %26, align 4, !tbaa !5
  %61 = fadd contract float %60, %59
  %62 = load float, ptr %27, align 4, !tbaa !5
  %63 = fadd contract float %62, %61
  store float %63, ptr %17, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %64 = add nuw nsw i32 %39, 1
  %65 = icmp eq i32 %64, %3
  br i1 %65, label %40, label %38, !llvm.loop !9

66:                                               ; preds = %38, %151
  %67 = phi i32 [ %152, %151 ], [ 0, %38 ]
  %68 = zext nneg i32 %67 to i64
  %69 = getelementptr inbounds float, ptr %2, i64 %68
  %70 = load float, ptr %69, align 4, !tbaa !5
  br i1 %33, label %71, label %82

71:                                               ; preds = %66
  %72 = add nuw i32 %67, %6
  %73 = and i32 %72, 255
  %74 = zext nneg i32 %73 to i64
  %75 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2sa to ptr), i64 0, i64 %74
  %76 = load float, ptr %75, align 4, !tbaa !5
  %77 = fmul contract float %70, %76
  %78 = fadd contract float %77, 1.000000e+00
  %79 = load float, ptr %18, align 4, !tbaa !5
  %80 = fmul contract float %79, 5.000000e-01
  %81 = fadd contract float %80, %78
  store float %81, ptr %18, align 4, !tbaa !5
  br label %99

82:                                               ; preds = %66
  %83 = shl nuw nsw i32 %67, 1
  %84 = add nuw i32 %83, %6
  %85 = and i32 %84, 255
  %86 = zext nneg i32 %85 to i64
  %87 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2sb to ptr), i64 0, i64 %86
  %88 = load float, ptr %87, align 4, !tbaa !5
  %89 = fmul contract float %70, %88
  %90 = fadd contract float %89, -1.000000e+00
  %91 = fcmp contract ogt float %88, 2.500000e-01
  br i1 %91, label %92, label %95

92:                                               ; preds = %82
  %93 = load float, ptr %22, align 4, !tbaa !5
  %94 = fadd contract float %93, 1.000000e+00
  store float %94, ptr %22, align 4, !tbaa !5
  br label %95

95:                                               ; preds = %92, %82
  %96 = load float, ptr %19, align 4, !tbaa !5
  %97 = fmul contract float %96, 7.500000e-01
  %98 = fadd contract float %90, %97
  store float %98, ptr %19, align 4, !tbaa !5
  br label %99

99:                                               ; preds = %95, %71
  %100 = phi ptr [ %21, %95 ], [ %20, %71 ]
  %101 = phi float [ %90, %95 ], [ %78, %71 ]
  %102 = load float, ptr %100, align 4, !tbaa !5
  %103 = tail call contract noundef float @llvm.maxnum.f32(float %102, float %101)
  store float %103, ptr %100, align 4, !tbaa !5
  br i1 %35, label %119, label %104

104:                                              ; preds = %99
  %105 = mul nuw nsw i32 %67, 5
  %106 = add nuw i32 %105, %6
  %107 = and i32 %106, 255
  %108 = zext nneg i32 %107 to i64
  %109 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2sa to ptr), i64 0, i64 %108
  %110 = load float, ptr %109, align 4, !tbaa !5
  %111 = fmul contract float %110, %110
  %112 = fadd contract float %70, %111
  %113 = load float, ptr %23, align 4, !tbaa !5
  %114 = fmul contract float %113, 5.000000e-01
  %115 = fadd contract float %114, %112
  store float %115, ptr %23, align 4, !tbaa !5
  %116 = load float, ptr %25, align 4, !tbaa !5
  %117 = fmul contract float %112, 5.000000e-01
  %118 = tail call contract noundef float @llvm.minnum.f32(float %116, float %117)
  store float %118, ptr %25, align 4, !tbaa !5
  br label %151

119:                                              ; preds = %99
  br i1 %37, label %135, label %120

120:                                              ; preds = %119
  %121 = mul nuw nsw i32 %67, 7
  %122 = add nuw i32 %121, %6
  %123 = and i32 %122, 255
  %124 = zext nneg i32 %123 to i64
  %125 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2sb to ptr), i64 0, i64 %124
  %126 = load float, ptr %125, align 4, !tbaa !5
  %127 = fmul contract float %126, %126
  %128 = fsub contract float %127, %70
  %129 = load float, ptr %24, align 4, !tbaa !5
  %130 = fmul contract float %129, 2.500000e-01
  %131 = fadd contract float %130, %128
  store float %131, ptr %24, align 4, !tbaa !5
  %132 = load float, ptr %26, align 4, !tbaa !5
  %133 = fmul contract float %128, 2.500000e-01
  %134 = tail call contract noundef float @llvm.minnum.f32(float %132, float %133)
  store float %134, ptr %26, align 4, !tbaa !5
  br label %151

135:                                              ; preds = %119
  %136 = add nuw i32 %67, %6
  %137 = and i32 %136, 255
  %138 = zext nneg i32 %137 to i64
  %139 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10darm_chainE2sb to ptr), i64 0, i64 %138
  %140 = load float, ptr %139, align 4, !tbaa !5
  %141 = fmul contract float %140, 8.000000e+00
  %142 = fptosi float %141 to i32
  %143 = load float, ptr %27, align 4, !tbaa !5
  %144 = and i32 %142, 3
  %145 = uitofp nneg i32 %144 to float
  %146 = fadd contract float %143, %145
  %147 = uitofp nneg i32 %67 to float
  %148 = fadd contract float %147, 1.000000e+00
  %149 = fdiv contract float %70, %148
  %150 = fsub contract float %146, %149
  store float %150, ptr %27, align 4, !tbaa !5
  br label %151

151:                                              ; preds = %120, %135, %104
  %152 = add nuw nsw i32 %67, 1
  %153 = icmp eq i32 %152, %4
  br i1 %153, label %43, label %66, !llvm.loop !11
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

!0 = !{ptr @darm_chain, !"kernel", i32 1}
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
