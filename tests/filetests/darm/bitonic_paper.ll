; The DARM paper's running example (seed 001, Fig. 1, bitonicSort; bitonic_paper.cu, NUM = 4 so that clang's
; unrolled loops give three copies of the loop body). clang tail-merges the two swaps of each
; `if ((tid & k) == 0) { if (s[ixj] < s[tid]) swap } else { if (s[ixj] > s[tid]) swap }` into one block, so each
; side of the divergent branch has a second entry (the swap block is reached from both). Definition 4's region
; simplification splits the swap block, one copy per side (Fig. 4(b)); the sides are then isomorphic if-thens and
; meld region-region (Fig. 4(c)/Fig. 6): the two compares are unaligned and speculated, the melded branch takes
; `select` of them on the divergent condition, and the two swaps become one (the same addresses: no selects).
; The `ixj > tid` branches are triangles (one successor post-dominates the other): not meldable (Definition 5).
; RUN: opt %s --passes dce,simplifycfg,darm,simplifycfg --knob darm-report=1
; ERR: remark: darm: @bitonicSort: %bb2: not meldable: one successor post-dominates the other
; ERR: remark: darm: @bitonicSort: %bb3: region-region candidate, 2x2 blocks, score 0.493: meld
; ERR: remark: darm: @bitonicSort: %bb8: region-region candidate, 2x2 blocks, score 0.493: meld
; ERR: remark: darm: @bitonicSort: %bb1: region-region candidate, 2x2 blocks, score 0.493: meld
; ERR: remark: darm: @bitonicSort: %bb3: melded: 2 aligned, 2 unaligned in 0 guarded runs, 1 selects, 0 phi pairs
; ERR: remark: darm: @bitonicSort: %bb8: melded: 2 aligned, 2 unaligned in 0 guarded runs, 1 selects, 0 phi pairs
; ERR: remark: darm: @bitonicSort: %bb1: melded: 2 aligned, 2 unaligned in 0 guarded runs, 1 selects, 0 phi pairs
; ERR: remark: darm: @bitonicSort: stats: 0 bb-bb, 3 region-region, 0 block-region melds, 0 block-region skipped
; The first unrolled instance (k = 4, j = 2): %39 is `(tid & 4) == 0`.
; CHECK-LABEL: {{^}}9:
; CHECK: %12 = load i32, ptr %11, align 4
; CHECK-NEXT: %13 = load i32, ptr %6, align 4
; CHECK-NEXT: %14 = icmp slt i32 %12, %13
; CHECK-NEXT: %15 = icmp sgt i32 %12, %13
; CHECK-NEXT: %darm.sel = select i1 %39, i1 %14, i1 %15
; CHECK-NEXT: br i1 %darm.sel, label %darm.meld, label %16
; CHECK-EMPTY:
; CHECK-NEXT: darm.meld:
; CHECK-NEXT: store i32 %12, ptr %6, align 4
; CHECK-NEXT: store i32 %13, ptr %11, align 4
; CHECK-NEXT: br label %16
; CHECK-EMPTY:
; CHECK-NEXT: {{^}}16:
; CHECK-NEXT: tail call void @llvm.nvvm.barrier0()
; The second (k = 4, j = 1), same condition %39.
; CHECK: %darm.sel.1 = select i1 %39, i1 %24, i1 %25
; CHECK-NEXT: br i1 %darm.sel.1, label %darm.meld.1, label %26
; CHECK-EMPTY:
; CHECK-NEXT: darm.meld.1:
; CHECK-NEXT: store i32 %22, ptr %6, align 4
; CHECK-NEXT: store i32 %23, ptr %21, align 4
; CHECK-NEXT: br label %26
; The third (k = 2, j = 1): %30 is `(tid & 2) == 0`.
; CHECK: %30 = icmp eq i32 %29, 0
; CHECK: %35 = icmp slt i32 %33, %34
; CHECK-NEXT: %36 = icmp sgt i32 %33, %34
; CHECK-NEXT: %darm.sel.2 = select i1 %30, i1 %35, i1 %36
; CHECK-NEXT: br i1 %darm.sel.2, label %darm.meld.2, label %37
; CHECK-EMPTY:
; CHECK-NEXT: darm.meld.2:
; CHECK-NEXT: store i32 %33, ptr %6, align 4
; CHECK-NEXT: store i32 %34, ptr %32, align 4
; CHECK-NEXT: br label %37
; CHECK-NOT: darm.meld.3
; ModuleID = 'bitonic_paper.cu'
source_filename = "bitonic_paper.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ11bitonicSortE6shared = internal unnamed_addr addrspace(3) global [4 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @bitonicSort(ptr nocapture noundef %0) local_unnamed_addr #0 {
  %2 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %3 = zext nneg i32 %2 to i64
  %4 = getelementptr inbounds i32, ptr %0, i64 %3
  %5 = load i32, ptr %4, align 4, !tbaa !5
  %6 = getelementptr inbounds [4 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11bitonicSortE6shared to ptr), i64 0, i64 %3
  store i32 %5, ptr %6, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %7 = xor i32 %2, 1
  %8 = icmp ugt i32 %7, %2
  br i1 %8, label %34, label %46

9:                                                ; preds = %46
  %10 = zext nneg i32 %49 to i64
  %11 = getelementptr inbounds [4 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11bitonicSortE6shared to ptr), i64 0, i64 %10
  %12 = load i32, ptr %11, align 4, !tbaa !5
  %13 = load i32, ptr %6, align 4, !tbaa !5
  br i1 %48, label %16, label %14

14:                                               ; preds = %9
  %15 = icmp sgt i32 %12, %13
  br i1 %15, label %18, label %19

16:                                               ; preds = %9
  %17 = icmp slt i32 %12, %13
  br i1 %17, label %18, label %19

18:                                               ; preds = %16, %14
  store i32 %12, ptr %6, align 4, !tbaa !5
  store i32 %13, ptr %11, align 4, !tbaa !5
  br label %19

19:                                               ; preds = %18, %16, %14, %46
  tail call void @llvm.nvvm.barrier0()
  %20 = xor i32 %2, 1
  %21 = icmp ugt i32 %20, %2
  br i1 %21, label %22, label %32

22:                                               ; preds = %19
  %23 = zext nneg i32 %20 to i64
  %24 = getelementptr inbounds [4 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11bitonicSortE6shared to ptr), i64 0, i64 %23
  %25 = load i32, ptr %24, align 4, !tbaa !5
  %26 = load i32, ptr %6, align 4, !tbaa !5
  br i1 %48, label %29, label %27

27:                                               ; preds = %22
  %28 = icmp sgt i32 %25, %26
  br i1 %28, label %31, label %32

29:                                               ; preds = %22
  %30 = icmp slt i32 %25, %26
  br i1 %30, label %31, label %32

31:                                               ; preds = %29, %27
  store i32 %25, ptr %6, align 4, !tbaa !5
  store i32 %26, ptr %24, align 4, !tbaa !5
  br label %32

32:                                               ; preds = %31, %29, %27, %19
  tail call void @llvm.nvvm.barrier0()
  %33 = load i32, ptr %6, align 4, !tbaa !5
  store i32 %33, ptr %4, align 4, !tbaa !5
  ret void

34:                                               ; preds = %1
  %35 = and i32 %2, 2
  %36 = icmp eq i32 %35, 0
  %37 = zext nneg i32 %7 to i64
  %38 = getelementptr inbounds [4 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11bitonicSortE6shared to ptr), i64 0, i64 %37
  %39 = load i32, ptr %38, align 4, !tbaa !5
  %40 = load i32, ptr %6, align 4, !tbaa !5
  br i1 %36, label %41, label %43

41:                                               ; preds = %34
  %42 = icmp slt i32 %39, %40
  br i1 %42, label %45, label %46

43:                                               ; preds = %34
  %44 = icmp sgt i32 %39, %40
  br i1 %44, label %45, label %46

45:                                               ; preds = %43, %41
  store i32 %39, ptr %6, align 4, !tbaa !5
  store i32 %40, ptr %38, align 4, !tbaa !5
  br label %46

46:                                               ; preds = %45, %41, %43, %1
  tail call void @llvm.nvvm.barrier0()
  %47 = and i32 %2, 4
  %48 = icmp eq i32 %47, 0
  %49 = xor i32 %2, 2
  %50 = icmp ugt i32 %49, %2
  br i1 %50, label %9, label %19
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @bitonicSort, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
