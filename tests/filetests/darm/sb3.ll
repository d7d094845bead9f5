; SB3: two pairs of if-then regions per side, melded as one 4-block subgraph pair.
; RUN: opt %s --passes dce,simplifycfg,darm,simplifycfg --knob darm-report=1
; ERR: remark: darm: @sb3: %bb5: region-region candidate, 4x4 blocks, score 0.499: meld
; CHECK: darm.sel
; ModuleID = 'sb3.cu'
source_filename = "sb3.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ3sb3E2sa = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb3E2sb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb3E2ra = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb3E2rb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb3E2ma = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb3E2mb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb3E2qa = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb3E2qb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb3E2na = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb3E2nb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @sb3(ptr nocapture noundef %0, ptr nocapture noundef %1, ptr nocapture noundef readonly %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = shl i32 %7, 8
  %9 = add i32 %8, %6
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds float, ptr %0, i64 %10
  %12 = load float, ptr %11, align 4, !tbaa !5
  %13 = zext nneg i32 %6 to i64
  %14 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2sa to ptr), i64 0, i64 %13
  store float %12, ptr %14, align 4, !tbaa !5
  %15 = getelementptr inbounds float, ptr %1, i64 %10
  %16 = load float, ptr %15, align 4, !tbaa !5
  %17 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2sb to ptr), i64 0, i64 %13
  store float %16, ptr %17, align 4, !tbaa !5
  %18 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2ra to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %18, align 4, !tbaa !5
  %19 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2rb to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %19, align 4, !tbaa !5
  %20 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2ma to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %20, align 4, !tbaa !5
  %21 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2mb to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %21, align 4, !tbaa !5
  %22 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2qa to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %22, align 4, !tbaa !5
  %23 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2qb to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %23, align 4, !tbaa !5
  %24 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2na to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %24, align 4, !tbaa !5
  %25 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2nb to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %25, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %26 = icmp sgt i32 %3, 0
  br i1 %26, label %27, label %34

27:                                               ; preds = %5
  %28 = icmp sgt i32 %4, 0
  %29 = and i32 %6, 1
  %30 = icmp eq i32 %29, 0
  %31 = add nuw nsw i32 %6, 1
  br label %32

32:                                               ; preds = %27, %37
  %33 = phi i32 [ 0, %27 ], [ %54, %37 ]
  br i1 %28, label %56, label %37

34:                                               ; preds = %37, %5
  %35 = load float, ptr %14, align 4, !tbaa !5
  store float %35, ptr %11, align 4, !tbaa !5
  %36 = load float, ptr %17, align 4, !tbaa !5
  store float %36, ptr %15, align 4, !tbaa !5
  ret void

37:                                               ; preds = %129, %32
  tail call void @llvm.nvvm.barrier0()
  %38 = load float, ptr %18, align 4, !tbaa !5
  %39 = load float, ptr %20, align 4, !tbaa !5
  %40 = fmul contract float %39, 2.500000e-01
  %41 = fadd contract float %38, %40
  %42 = load float, ptr %22, align 4, !tbaa !5
  %43 = fsub contract float %41, %42
  %44 = load float, ptr %24, align 4, !tbaa !5
  %45 = fadd contract float %44, %43
  store float %45, ptr %14, align 4, !tbaa !5
  %46 = load float, ptr %19, align 4, !tbaa !5
  %47 = load float, ptr %21, align 4, !tbaa !5
  %48 = fmul contract float %47, 2.500000e-01
  %49 = fadd contract float %46, %48
  %50 = load float, ptr %23, align 4, !tbaa !5
  %51 = fsub contract float %49, %50
  %52 = load float, ptr %25, align 4, !tbaa !5
  %53 = fadd contract float %52, %51
  store float %53, ptr %17, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %54 = add nuw nsw i32 %33, 1
  %55 = icmp eq i32 %54, %3
  br i1 %55, label %34, label %32, !llvm.loop !9

56:                                               ; preds = %32, %129
  %57 = phi i32 [ %130, %129 ], [ 0, %32 ]
  %58 = zext nneg i32 %57 to i64
  %59 = getelementptr inbounds float, ptr %2, i64 %58
  %60 = load float, ptr %59, align 4, !tbaa !5
  %61 = add nuw i32 %57, %6
  %62 = and i32 %61, 255
  %63 = zext nneg i32 %62 to i64
  br i1 %30, label %64, label %97

64:                                               ; preds = %56
  %65 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2sa to ptr), i64 0, i64 %63
  %66 = load float, ptr %65, align 4, !tbaa !5
  %67 = fcmp contract ogt float %66, %60
  br i1 %67, label %68, label %78

68:                                               ; preds = %64
  %69 = fmul contract float %60, %66
  %70 = fadd contract float %69, 1.000000e+00
  %71 = fmul contract float %66, %70
  %72 = fsub contract float %71, %60
  %73 = load float, ptr %18, align 4, !tbaa !5
  %74 = fmul contract float %73, 5.000000e-01
  %75 = fadd contract float %72, %74
  store float %75, ptr %18, align 4, !tbaa !5
  %76 = load float, ptr %20, align 4, !tbaa !5
  %77 = tail call contract noundef float @llvm.maxnum.f32(float %76, float %72)
  store float %77, ptr %20, align 4, !tbaa !5
  br label %78

78:                                               ; preds = %68, %64
  %79 = shl nuw nsw i32 %57, 1
  %80 = add nuw i32 %79, %6
  %81 = and i32 %80, 254
  %82 = or disjoint i32 %81, 1
  %83 = zext nneg i32 %82 to i64
  %84 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2sa to ptr), i64 0, i64 %83
  %85 = load float, ptr %84, align 4, !tbaa !5
  %86 = fcmp contract olt float %85, %60
  br i1 %86, label %87, label %129

87:                                               ; preds = %78
  %88 = fmul contract float %85, %85
  %89 = fsub contract float %88, %60
  %90 = fmul contract float %60, %60
  %91 = fadd contract float %90, 1.000000e+00
  %92 = fdiv contract float %89, %91
  %93 = load float, ptr %22, align 4, !tbaa !5
  %94 = fadd contract float %92, %93
  store float %94, ptr %22, align 4, !tbaa !5
  %95 = load float, ptr %24, align 4, !tbaa !5
  %96 = tail call contract noundef float @llvm.minnum.f32(float %95, float %92)
  store float %96, ptr %24, align 4, !tbaa !5
  br label %129

97:                                               ; preds = %56
  %98 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2sb to ptr), i64 0, i64 %63
  %99 = load float, ptr %98, align 4, !tbaa !5
  %100 = fcmp contract ogt float %99, %60
  br i1 %100, label %101, label %111

101:                                              ; preds = %97
  %102 = fmul contract float %60, %99
  %103 = fadd contract float %102, 1.000000e+00
  %104 = fmul contract float %99, %103
  %105 = fsub contract float %104, %60
  %106 = load float, ptr %21, align 4, !tbaa !5
  %107 = tail call contract noundef float @llvm.maxnum.f32(float %106, float %105)
  store float %107, ptr %21, align 4, !tbaa !5
  %108 = load float, ptr %19, align 4, !tbaa !5
  %109 = fmul contract float %108, 5.000000e-01
  %110 = fadd contract float %105, %109
  store float %110, ptr %19, align 4, !tbaa !5
  br label %111

111:                                              ; preds = %101, %97
  %112 = shl nuw nsw i32 %57, 1
  %113 = add nuw i32 %31, %112
  %114 = and i32 %113, 254
  %115 = zext nneg i32 %114 to i64
  %116 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb3E2sb to ptr), i64 0, i64 %115
  %117 = load float, ptr %116, align 4, !tbaa !5
  %118 = fcmp contract olt float %117, %60
  br i1 %118, label %119, label %129

119:                                              ; preds = %111
  %120 = fmul contract float %117, %117
  %121 = fsub contract float %120, %60
  %122 = fmul contract float %60, %60
  %123 = fadd contract float %122, 1.000000e+00
  %124 = fdiv contract float %121, %123
  %125 = load float, ptr %25, align 4, !tbaa !5
  %126 = tail call contract noundef float @llvm.minnum.f32(float %125, float %124)
  store float %126, ptr %25, align 4, !tbaa !5
  %127 = load float, ptr %23, align 4, !tbaa !5
  %128 = fadd contract float %124, %127
  store float %128, ptr %23, align 4, !tbaa !5
  br label %129

129:                                              ; preds = %111, %119, %78, %87
  %130 = add nuw nsw i32 %57, 1
  %131 = icmp eq i32 %130, %4
  br i1 %131, label %37, label %56, !llvm.loop !11
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

!0 = !{ptr @sb3, !"kernel", i32 1}
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
