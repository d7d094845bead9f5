; ModuleID = 'globals.cu'
source_filename = "globals.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Config = type { i32, float, i16, [2 x i8] }

@c_table = dso_local addrspace(4) externally_initialized global [8 x i32] [i32 3, i32 1, i32 4, i32 1, i32 5, i32 9, i32 2, i32 6], align 4
@c_coeffs = dso_local addrspace(4) externally_initialized global [4 x float] [float 5.000000e-01, float -1.250000e+00, float 2.000000e+00, float 1.250000e-01], align 4
@c_config = dso_local addrspace(4) externally_initialized global %struct.Config { i32 7, float 1.500000e+00, i16 42, [2 x i8] c"ok" }, align 4
@c_message = dso_local addrspace(4) externally_initialized global [22 x i8] c"simtc constant string\00", align 1
@g_lut = dso_local addrspace(1) externally_initialized global [4 x i32] [i32 10, i32 20, i32 30, i32 40], align 4
@g_bias = dso_local addrspace(1) externally_initialized global float 2.500000e-01, align 4
@g_hits = dso_local addrspace(1) externally_initialized global i32 0, align 4
@llvm.compiler.used = appending global [7 x ptr] [ptr addrspacecast (ptr addrspace(4) @c_coeffs to ptr), ptr addrspacecast (ptr addrspace(4) @c_config to ptr), ptr addrspacecast (ptr addrspace(4) @c_message to ptr), ptr addrspacecast (ptr addrspace(4) @c_table to ptr), ptr addrspacecast (ptr addrspace(1) @g_bias to ptr), ptr addrspacecast (ptr addrspace(1) @g_hits to ptr), ptr addrspacecast (ptr addrspace(1) @g_lut to ptr)], section "llvm.metadata"

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, inaccessiblemem: none)
define dso_local void @globals(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, ptr nocapture noundef writeonly %2, ptr nocapture noundef writeonly %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds i32, ptr %0, i64 %10
  %12 = load i32, ptr %11, align 4, !tbaa !5
  %13 = and i32 %12, 7
  %14 = zext nneg i32 %13 to i64
  %15 = getelementptr inbounds [8 x i32], ptr addrspacecast (ptr addrspace(4) @c_table to ptr), i64 0, i64 %14
  %16 = load i32, ptr %15, align 4, !tbaa !5
  %17 = lshr i32 %12, 3
  %18 = and i32 %17, 3
  %19 = zext nneg i32 %18 to i64
  %20 = getelementptr inbounds [4 x i32], ptr addrspacecast (ptr addrspace(1) @g_lut to ptr), i64 0, i64 %19
  %21 = load i32, ptr %20, align 4, !tbaa !5
  %22 = add nsw i32 %21, %16
  %23 = load i32, ptr addrspacecast (ptr addrspace(4) @c_config to ptr), align 4, !tbaa !9
  %24 = add nsw i32 %22, %23
  %25 = load i16, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(4) @c_config to ptr), i64 8), align 4, !tbaa !13
  %26 = sext i16 %25 to i32
  %27 = add nsw i32 %24, %26
  %28 = getelementptr inbounds i32, ptr %1, i64 %10
  store i32 %27, ptr %28, align 4, !tbaa !5
  %29 = load float, ptr addrspacecast (ptr addrspace(1) @g_bias to ptr), align 4, !tbaa !14
  %30 = sitofp i32 %12 to float
  %31 = fmul contract float %29, %30
  %32 = load float, ptr addrspacecast (ptr addrspace(4) @c_coeffs to ptr), align 4, !tbaa !14
  %33 = fadd contract float %31, %32
  %34 = fmul contract float %33, %30
  %35 = load float, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(4) @c_coeffs to ptr), i64 4), align 4, !tbaa !14
  %36 = fadd contract float %34, %35
  %37 = fmul contract float %36, %30
  %38 = load float, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(4) @c_coeffs to ptr), i64 8), align 4, !tbaa !14
  %39 = fadd contract float %37, %38
  %40 = fmul contract float %39, %30
  %41 = load float, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(4) @c_coeffs to ptr), i64 12), align 4, !tbaa !14
  %42 = fadd contract float %40, %41
  %43 = load float, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(4) @c_config to ptr), i64 4), align 4, !tbaa !15
  %44 = fmul contract float %42, %43
  %45 = getelementptr inbounds float, ptr %2, i64 %10
  store float %44, ptr %45, align 4, !tbaa !14
  %46 = icmp ult i32 %9, 22
  br i1 %46, label %47, label %56

47:                                               ; preds = %4
  %48 = getelementptr inbounds i8, ptr %3, i64 %10
  %49 = and i32 %9, 1
  %50 = zext nneg i32 %49 to i64
  %51 = getelementptr inbounds [2 x i8], ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(4) @c_config to ptr), i64 10), i64 0, i64 %50
  %52 = getelementptr inbounds [22 x i8], ptr addrspacecast (ptr addrspace(4) @c_message to ptr), i64 0, i64 %10
  %53 = load i8, ptr %52, align 1, !tbaa !16
  %54 = load i8, ptr %51, align 1, !tbaa !16
  %55 = xor i8 %54, %53
  store i8 %55, ptr %48, align 1, !tbaa !16
  br label %56

56:                                               ; preds = %47, %4
  %57 = icmp sgt i32 %24, 10
  br i1 %57, label %58, label %60

58:                                               ; preds = %56
  %59 = atomicrmw add ptr addrspacecast (ptr addrspace(1) @g_hits to ptr), i32 1 seq_cst, align 4
  br label %60

60:                                               ; preds = %58, %56
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nounwind willreturn memory(readwrite, inaccessiblemem: none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @globals, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !6, i64 0}
!10 = !{!"_ZTS6Config", !6, i64 0, !11, i64 4, !12, i64 8, !7, i64 10}
!11 = !{!"float", !7, i64 0}
!12 = !{!"short", !7, i64 0}
!13 = !{!10, !12, i64 8}
!14 = !{!11, !11, i64 0}
!15 = !{!10, !11, i64 4}
!16 = !{!7, !7, i64 0}
