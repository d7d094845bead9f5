; SB4: the three-way chain: the inner if/else melds first, then (next round, after simplifycfg) the outer diamond.
; The outer branch is also a block-region candidate (region replication), but the smaller inner region goes first
; and takes its blocks.
; RUN: opt %s --passes dce,simplifycfg,darm,simplifycfg --knob darm-report=1
; ERR: remark: darm: @sb4: %bb7: bb-bb candidate, 1x1 blocks, score 0.500: meld
; ERR: remark: darm: @sb4: %bb5: block-region candidate, 3x1 blocks, score 0.333: replicate against %bb10
; ERR: remark: darm: @sb4: %bb5: bb-bb candidate, 1x1 blocks, score 0.494: meld
; ERR: remark: darm: @sb4: stats: 2 bb-bb, 0 region-region, 0 block-region melds, 0 block-region skipped
; CHECK: darm.sel
; ModuleID = 'sb4.cu'
source_filename = "sb4.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ3sb4E2sa = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb4E2sb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb4E2sc = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb4E2ra = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb4E2rb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb4E2rc = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb4E2ma = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb4E2mb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb4E2mc = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb4E2na = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb4E2nb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb4E2nc = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @sb4(ptr nocapture noundef %0, ptr nocapture noundef %1, ptr nocapture noundef %2, ptr nocapture noundef readonly %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #0 {
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %9 = shl i32 %8, 8
  %10 = add i32 %9, %7
  %11 = zext i32 %10 to i64
  %12 = getelementptr inbounds float, ptr %0, i64 %11
  %13 = load float, ptr %12, align 4, !tbaa !5
  %14 = zext nneg i32 %7 to i64
  %15 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2sa to ptr), i64 0, i64 %14
  store float %13, ptr %15, align 4, !tbaa !5
  %16 = getelementptr inbounds float, ptr %1, i64 %11
  %17 = load float, ptr %16, align 4, !tbaa !5
  %18 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2sb to ptr), i64 0, i64 %14
  store float %17, ptr %18, align 4, !tbaa !5
  %19 = getelementptr inbounds float, ptr %2, i64 %11
  %20 = load float, ptr %19, align 4, !tbaa !5
  %21 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2sc to ptr), i64 0, i64 %14
  store float %20, ptr %21, align 4, !tbaa !5
  %22 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2ra to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %22, align 4, !tbaa !5
  %23 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2rb to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %23, align 4, !tbaa !5
  %24 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2rc to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %24, align 4, !tbaa !5
  %25 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2ma to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %25, align 4, !tbaa !5
  %26 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2mb to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %26, align 4, !tbaa !5
  %27 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2mc to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %27, align 4, !tbaa !5
  %28 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2na to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %28, align 4, !tbaa !5
  %29 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2nb to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %29, align 4, !tbaa !5
  %30 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2nc to ptr), i64 0, i64 %14
  store float 0.000000e+00, ptr %30, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %31 = icmp sgt i32 %4, 0
  br i1 %31, label %32, label %40

32:                                               ; preds = %6
  %33 = icmp sgt i32 %5, 0
  %34 = and i32 %7, 1
  %35 = icmp eq i32 %34, 0
  %36 = and i32 %7, 2
  %37 = icmp eq i32 %36, 0
  br label %38

38:                                               ; preds = %32, %44
  %39 = phi i32 [ 0, %32 ], [ %63, %44 ]
  br i1 %33, label %65, label %44

40:                                               ; preds = %44, %6
  %41 = load float, ptr %15, align 4, !tbaa !5
  store float %41, ptr %12, align 4, !tbaa !5
  %42 = load float, ptr %18, align 4, !tbaa !5
  store float %42, ptr %16, align 4, !tbaa !5
  %43 = load float, ptr %21, align 4, !tbaa !5
  store float %43, ptr %19, align 4, !tbaa !5
  ret void

44:                                               ; preds = %116, %38
  tail call void @llvm.nvvm.barrier0()
  %45 = load float, ptr %22, align 4, !tbaa !5
  %46 = load float, ptr %25, align 4, !tbaa !5
  %47 = load float, ptr %28, align 4, !tbaa !5
  %48 = fadd contract float %46, %47
  %49 = fmul contract float %48, 2.500000e-01
  %50 = fadd contract float %45, %49
  store float %50, ptr %15, align 4, !tbaa !5
  %51 = load float, ptr %23, align 4, !tbaa !5
  %52 = load float, ptr %26, align 4, !tbaa !5
  %53 = load float, ptr %29, align 4, !tbaa !5
  %54 = fadd contract float %52, %53
  %55 = fmul contract float %54, 2.500000e-01
  %56 = fadd contract float %51, %55
  store float %56, ptr %18, align 4, !tbaa !5
  %57 = load float, ptr %24, align 4, !tbaa !5
  %58 = load float, ptr %27, align 4, !tbaa !5
  %59 = load float, ptr %30, align 4, !tbaa !5
  %60 = fadd contract float %58, %59
  %61 = fmul contract float %60, 2.500000e-01
  %62 = fadd contract float %57, %61
  store float %62, ptr %21, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %63 = add nuw nsw i32 %39, 1
  %64 = icmp eq i32 %63, %4
  br i1 %64, label %40, label %38, !llvm.loop !9

65:                                               ; preds = %38, %116
  %66 = phi i32 [ %117, %116 ], [ 0, %38 ]
  %67 = zext nneg i32 %66 to i64
  %68 = getelementptr inbounds float, ptr %3, i64 %67
  %69 = load float, ptr %68, align 4, !tbaa !5
  %70 = add nuw i32 %66, %7
  %71 = and i32 %70, 255
  %72 = zext nneg i32 %71 to i64
  br i1 %35, label %87, label %73

73:                                               ; preds = %65
  %74 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2sa to ptr), i64 0, i64 %72
  %75 = load float, ptr %74, align 4, !tbaa !5
  %76 = fmul contract float %69, %75
  %77 = fadd contract float %76, 1.000000e+00
  %78 = fmul contract float %75, %77
  %79 = fsub contract float %78, %69
  %80 = load float, ptr %22, align 4, !tbaa !5
  %81 = fmul contract float %80, 5.000000e-01
  %82 = fadd contract float %81, %79
  store float %82, ptr %22, align 4, !tbaa !5
  %83 = load float, ptr %25, align 4, !tbaa !5
  %84 = tail call contract noundef float @llvm.maxnum.f32(float %83, float %79)
  store float %84, ptr %25, align 4, !tbaa !5
  %85 = load float, ptr %28, align 4, !tbaa !5
  %86 = tail call contract noundef float @llvm.minnum.f32(float %85, float %79)
  store float %86, ptr %28, align 4, !tbaa !5
  br label %116

87:                                               ; preds = %65
  br i1 %37, label %102, label %88

88:                                               ; preds = %87
  %89 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2sb to ptr), i64 0, i64 %72
  %90 = load float, ptr %89, align 4, !tbaa !5
  %91 = fmul contract float %69, %90
  %92 = fadd contract float %91, 1.000000e+00
  %93 = fmul contract float %90, %92
  %94 = fsub contract float %93, %69
  %95 = load float, ptr %26, align 4, !tbaa !5
  %96 = tail call contract noundef float @llvm.maxnum.f32(float %95, float %94)
  store float %96, ptr %26, align 4, !tbaa !5
  %97 = load float, ptr %29, align 4, !tbaa !5
  %98 = tail call contract noundef float @llvm.minnum.f32(float %97, float %94)
  store float %98, ptr %29, align 4, !tbaa !5
  %99 = load float, ptr %23, align 4, !tbaa !5
  %100 = fmul contract float %99, 5.000000e-01
  %101 = fadd contract float %94, %100
  store float %101, ptr %23, align 4, !tbaa !5
  br label %116

102:                                              ; preds = %87
  %103 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb4E2sc to ptr), i64 0, i64 %72
  %104 = load float, ptr %103, align 4, !tbaa !5
  %105 = fmul contract float %69, %104
  %106 = fadd contract float %105, 1.000000e+00
  %107 = fmul contract float %104, %106
  %108 = fsub contract float %107, %69
  %109 = load float, ptr %30, align 4, !tbaa !5
  %110 = tail call contract noundef float @llvm.minnum.f32(float %109, float %108)
  store float %110, ptr %30, align 4, !tbaa !5
  %111 = load float, ptr %24, align 4, !tbaa !5
  %112 = fmul contract float %111, 5.000000e-01
  %113 = fadd contract float %112, %108
  store float %113, ptr %24, align 4, !tbaa !5
  %114 = load float, ptr %27, align 4, !tbaa !5
  %115 = tail call contract noundef float @llvm.maxnum.f32(float %114, float %108)
  store float %115, ptr %27, align 4, !tbaa !5
  br label %116

116:                                              ; preds = %88, %102, %73
  %117 = add nuw nsw i32 %66, 1
  %118 = icmp eq i32 %117, %5
  br i1 %118, label %44, label %65, !llvm.loop !11
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

!0 = !{ptr @sb4, !"kernel", i32 1}
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
