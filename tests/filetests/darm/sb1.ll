; SB1 (examples/kernels/sb1.ll): the divergent diamond in the inner loop melds block with block; the two shared arrays become a select of their addresses on the tid%2 condition.
; The sides update their accumulators in opposite orders (ra then ma; mb then rb): the else block is reordered to
; follow the then block before alignment (schedule.rs: the arrays are distinct globals, so the updates commute),
; and every instruction aligns; only the three addresses need selects.
; RUN: opt %s --passes dce,simplifycfg,darm,simplifycfg --knob darm-report=1
; ERR: remark: darm: @sb1: %bb5: bb-bb candidate, 1x1 blocks, score 0.500: meld
; ERR: remark: darm: @sb1: %bb5: melded: 13 aligned, 0 unaligned in 0 guarded runs, 3 selects, 0 phi pairs
; CHECK: %darm.sel = select i1 %26, ptr addrspacecast (ptr addrspace(3) @_ZZ3sb1E2sa to ptr), ptr addrspacecast (ptr addrspace(3) @_ZZ3sb1E2sb to ptr)
; CHECK: %darm.sel.1 = select i1 %26, ptr %18, ptr %19
; CHECK-NEXT: %57 = load float, ptr %darm.sel.1, align 4
; CHECK-NEXT: %58 = fmul contract float %57, 5.000000e-01
; CHECK-NEXT: %59 = fadd contract float %58, %56
; CHECK-NEXT: store float %59, ptr %darm.sel.1, align 4
; CHECK-NEXT: %darm.sel.2 = select i1 %26, ptr %20, ptr %21
; CHECK-NEXT: %60 = load float, ptr %darm.sel.2, align 4
; CHECK-NEXT: %61 = tail call contract noundef float @llvm.maxnum.f32(float %60, float %56)
; CHECK-NEXT: store float %61, ptr %darm.sel.2, align 4
; ModuleID = 'sb1.cu'
source_filename = "sb1.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ3sb1E2sa = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb1E2sb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb1E2ra = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb1E2rb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb1E2ma = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3sb1E2mb = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @sb1(ptr nocapture noundef %0, ptr nocapture noundef %1, ptr nocapture noundef readonly %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = shl i32 %7, 8
  %9 = add i32 %8, %6
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds float, ptr %0, i64 %10
  %12 = load float, ptr %11, align 4, !tbaa !5
  %13 = zext nneg i32 %6 to i64
  %14 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb1E2sa to ptr), i64 0, i64 %13
  store float %12, ptr %14, align 4, !tbaa !5
  %15 = getelementptr inbounds float, ptr %1, i64 %10
  %16 = load float, ptr %15, align 4, !tbaa !5
  %17 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb1E2sb to ptr), i64 0, i64 %13
  store float %16, ptr %17, align 4, !tbaa !5
  %18 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb1E2ra to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %18, align 4, !tbaa !5
  %19 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb1E2rb to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %19, align 4, !tbaa !5
  %20 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb1E2ma to ptr), i64 0, i64 %13
  store float 0.000000e+00, ptr %20, align 4, !tbaa !5
  %21 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb1E2mb to ptr), i64 0, i64 %13
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

32:                                               ; preds = %75, %27
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

43:                                               ; preds = %27, %75
  %44 = phi i32 [ %76, %75 ], [ 0, %27 ]
  %45 = zext nneg i32 %44 to i64
  %46 = getelementptr inbounds float, ptr %2, i64 %45
  %47 = load float, ptr %46, align 4, !tbaa !5
  %48 = add nuw i32 %44, %6
  %49 = and i32 %48, 255
  %50 = zext nneg i32 %49 to i64
  br i1 %26, label %51, label %63

51:                                               ; preds = %43
  %52 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb1E2sa to ptr), i64 0, i64 %50
  %53 = load float, ptr %52, align 4, !tbaa !5
  %54 = fmul contract float %47, %53
  %55 = fadd contract float %54, 1.000000e+00
  %56 = fmul contract float %53, %55
  %57 = fsub contract float %56, %47
  %58 = load float, ptr %18, align 4, !tbaa !5
  %59 = fmul contract float %58, 5.000000e-01
  %60 = fadd contract float %59, %57
  store float %60, ptr %18, align 4, !tbaa !5
  %61 = load float, ptr %20, align 4, !tbaa !5
  %62 = tail call contract noundef float @llvm.maxnum.f32(float %61, float %57)
  store float %62, ptr %20, align 4, !tbaa !5
  br label %75

63:                                               ; preds = %43
  %64 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3sb1E2sb to ptr), i64 0, i64 %50
  %65 = load float, ptr %64, align 4, !tbaa !5
  %66 = fmul contract float %47, %65
  %67 = fadd contract float %66, 1.000000e+00
  %68 = fmul contract float %65, %67
  %69 = fsub contract float %68, %47
  %70 = load float, ptr %21, align 4, !tbaa !5
  %71 = tail call contract noundef float @llvm.maxnum.f32(float %70, float %69)
  store float %71, ptr %21, align 4, !tbaa !5
  %72 = load float, ptr %19, align 4, !tbaa !5
  %73 = fmul contract float %72, 5.000000e-01
  %74 = fadd contract float %73, %69
  store float %74, ptr %19, align 4, !tbaa !5
  br label %75

75:                                               ; preds = %63, %51
  %76 = add nuw nsw i32 %44, 1
  %77 = icmp eq i32 %76, %4
  br i1 %77, label %32, label %43, !llvm.loop !11
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

!0 = !{ptr @sb1, !"kernel", i32 1}
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
