; SB2: the sides are if-then regions of the same shape: region-region melding; the inner branch conditions compute the same fcmp of melded values, so no select is needed for them.
; RUN: opt %s --passes dce,simplifycfg,darm,simplifycfg --knob darm-report=1
; ERR: remark: darm: @sb2: %bb5: region-region candidate, 2x2 blocks, score 0.500: meld
; ERR: remark: darm: @sb2: stats: 0 bb-bb, 1 region-region, 0 block-region melds, 0 block-region skipped
; CHECK: %darm.sel = select i1 %26, ptr addrspacecast (ptr addrspace(3) @_ZZ3sb2E2sa to ptr), ptr addrspacecast (ptr addrspace(3) @_ZZ3sb2E2sb to ptr)
; CHECK-NOT: select i1 %26, i1
; ModuleID = 'sb2.cu'
source_filename = "sb2.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ3sb2E2sa = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb2E2sb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb2E2ra = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb2E2rb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb2E2ma = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb2E2mb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @sb2(ptr nocapture noundef %0, ptr nocapture noundef %1, ptr nocapture noundef readonly %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = shl i32 %7, 8
  %9 = add i32 %8, %6
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds float, ptr %0, i64 %10
  %12 = load float, ptr %11, align 4, !tbaa !5
  %13 = zext nneg i32 %6 to i64
  %14 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb2E2sa to ptr), i64 0, i64 %13
  store float %12, ptr %14, align 4, !tbaa !5
  %15 = getelementptr inbounds float, ptr %1, i64 %10
  %16 = load float, ptr %15, align 4, !tbaa !5
  %17 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb2E2sb to ptr), i64 0, i64 %13
  store float %16, ptr %17, align 4, !tbaa !5
  %18 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb2E2ra to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %18, align 4, !tbaa !5
  %19 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb2E2rb to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %19, align 4, !tbaa !5
  %20 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb2E2ma to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %20, align 4, !tbaa !5
  %21 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb2E2mb to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %21, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %22 = icmp sgt i32 %3, 0
  br i1 %22, label %23, label %29

23:                                               ; preds = %5
  %24 = icmp sgt i32 %4, 0
  %25 = and i32 %6, 1
  %26 = icmp eq i32 %25, 0
  br label %27

27:                                               ; preds = %23, %32
  %28 = phi i32 [ 0, %23 ], [ %41, %32 ]
  br i1 %24, label %43, label %32

29:                                               ; preds = %32, %5
  %30 = load float, ptr %14, align 4, !tbaa !5
  store float %30, ptr %11, align 4, !tbaa !5
  %31 = load float, ptr %17, align 4, !tbaa !5
  store float %31, ptr %15, align 4, !tbaa !5
  ret void

32:                                               ; preds = %79, %27
  tail call void @llvm.nvvm.barrier0()
  %33 = load float, ptr %18, align 4, !tbaa !5
  %34 = load float, ptr %20, align 4, !tbaa !5
  %35 = fmul contract float %34, 2.500000e-01
  %36 = fadd contract float %33, %35
  store float %36, ptr %14, align 4, !tbaa !5
  %37 = load float, ptr %19, align 4, !tbaa !5
  %38 = load float, ptr %21, align 4, !tbaa !5
  %39 = fmul contract float %38, 2.500000e-01
  %40 = fadd contract float %37, %39
  store float %40, ptr %17, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %41 = add nuw nsw i32 %28, 1
  %42 = icmp eq i32 %41, %3
  br i1 %42, label %29, label %27, !llvm.loop !9

43:                                               ; preds = %27, %79
  %44 = phi i32 [ %80, %79 ], [ 0, %27 ]
  %45 = zext nneg i32 %44 to i64
  %46 = getelementptr inbounds float, ptr %2, i64 %45
  %47 = load float, ptr %46, align 4, !tbaa !5
  %48 = add nuw i32 %44, %6
  %49 = and i32 %48, 255
  %50 = zext nneg i32 %49 to i64
  br i1 %26, label %51, label %65

51:                                               ; preds = %43
  %52 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb2E2sa to ptr), i64 0, i64 %50
  %53 = load float, ptr %52, align 4, !tbaa !5
  %54 = fcmp contract ogt float %53, %47
  br i1 %54, label %55, label %79

55:                                               ; preds = %51
  %56 = fmul contract float %47, %53
  %57 = fadd contract float %56, 1.000000e+00
  %58 = fmul contract float %53, %57
  %59 = fsub contract float %58, %47
  %60 = load float, ptr %18, align 4, !tbaa !5
  %61 = fmul contract float %60, 5.000000e-01
  %62 = fadd contract float %59, %61
  store float %62, ptr %18, align 4, !tbaa !5
  %63 = load float, ptr %20, align 4, !tbaa !5
  %64 = tail call contract noundef float @llvm.maxnum.f32(float %63, float %59)
  store float %64, ptr %20, align 4, !tbaa !5
  br label %79

65:                                               ; preds = %43
  %66 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb2E2sb to ptr), i64 0, i64 %50
  %67 = load float, ptr %66, align 4, !tbaa !5
  %68 = fcmp contract ogt float %67, %47
  br i1 %68, label %69, label %79

69:                                               ; preds = %65
  %70 = fmul contract float %47, %67
  %71 = fadd contract float %70, 1.000000e+00
  %72 = fmul contract float %67, %71
  %73 = fsub contract float %72, %47
  %74 = load float, ptr %21, align 4, !tbaa !5
  %75 = tail call contract noundef float @llvm.maxnum.f32(float %74, float %73)
  store float %75, ptr %21, align 4, !tbaa !5
  %76 = load float, ptr %19, align 4, !tbaa !5
  %77 = fmul contract float %76, 5.000000e-01
  %78 = fadd contract float %73, %77
  store float %78, ptr %19, align 4, !tbaa !5
  br label %79

79:                                               ; preds = %65, %69, %51, %55
  %80 = add nuw nsw i32 %44, 1
  %81 = icmp eq i32 %80, %4
  br i1 %81, label %32, label %43, !llvm.loop !11
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maxnum.f32(float, float) #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @sb2, !"kernel", i32 1}
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
