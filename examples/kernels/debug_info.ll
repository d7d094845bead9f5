; ModuleID = 'debug_info.cu'
source_filename = "debug_info.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none)
define dso_local noundef i32 @_Z11clamp_indexii(i32 noundef %0, i32 noundef %1) local_unnamed_addr #0 !dbg !9 {
  %3 = icmp slt i32 %0, 0, !dbg !12
  %4 = icmp slt i32 %0, %1, !dbg !13
  %5 = add nsw i32 %1, -1, !dbg !13
  %6 = select i1 %4, i32 %0, i32 %5, !dbg !13
  %7 = select i1 %3, i32 0, i32 %6, !dbg !13
  ret i32 %7, !dbg !14
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @debug_info(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #1 !dbg !15 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !16
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !20
  %7 = mul i32 %5, %6, !dbg !23
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !24
  %9 = add i32 %7, %8, !dbg !27
  %10 = icmp slt i32 %9, %2, !dbg !28
  br i1 %10, label %11, label %100, !dbg !29

11:                                               ; preds = %4
  %12 = icmp slt i32 %3, 0, !dbg !30
  br i1 %12, label %32, label %13, !dbg !31

13:                                               ; preds = %11
  %14 = shl nuw i32 %3, 1, !dbg !31
  %15 = and i32 %14, 6, !dbg !31
  %16 = sub nsw i32 0, %3, !dbg !32
  br label %17, !dbg !31

17:                                               ; preds = %17, %13
  %18 = phi i32 [ %27, %17 ], [ %16, %13 ]
  %19 = phi float [ %26, %17 ], [ 0.000000e+00, %13 ]
  %20 = phi i32 [ %28, %17 ], [ 0, %13 ]
  %21 = add nsw i32 %18, %9, !dbg !33
  %22 = tail call noundef i32 @_Z11clamp_indexii(i32 noundef %21, i32 noundef %2) #3, !dbg !34
  %23 = sext i32 %22 to i64, !dbg !35
  %24 = getelementptr inbounds float, ptr %0, i64 %23, !dbg !35
  %25 = load float, ptr %24, align 4, !dbg !35, !tbaa !36
  %26 = fadd contract float %19, %25, !dbg !40
  %27 = add i32 %18, 1, !dbg !41
  %28 = add i32 %20, 1, !dbg !31
  %29 = icmp eq i32 %20, %15, !dbg !31
  br i1 %29, label %30, label %17, !dbg !31, !llvm.loop !42

30:                                               ; preds = %17
  %31 = icmp ult i32 %3, 4, !dbg !31
  br i1 %31, label %32, label %40, !dbg !31

32:                                               ; preds = %30, %40, %11
  %33 = phi float [ 0.000000e+00, %11 ], [ %26, %30 ], [ %97, %40 ], !dbg !44
  %34 = shl nsw i32 %3, 1, !dbg !45
  %35 = or disjoint i32 %34, 1, !dbg !46
  %36 = sitofp i32 %35 to float, !dbg !47
  %37 = fdiv contract float %33, %36, !dbg !48
  %38 = sext i32 %9 to i64, !dbg !49
  %39 = getelementptr inbounds float, ptr %1, i64 %38, !dbg !49
  store float %37, ptr %39, align 4, !dbg !50, !tbaa !36
  br label %100, !dbg !51

40:                                               ; preds = %30, %40
  %41 = phi i32 [ %98, %40 ], [ %27, %30 ]
  %42 = phi float [ %97, %40 ], [ %26, %30 ]
  %43 = add nsw i32 %41, %9, !dbg !33
  %44 = tail call noundef i32 @_Z11clamp_indexii(i32 noundef %43, i32 noundef %2) #3, !dbg !34
  %45 = sext i32 %44 to i64, !dbg !35
  %46 = getelementptr inbounds float, ptr %0, i64 %45, !dbg !35
  %47 = load float, ptr %46, align 4, !dbg !35, !tbaa !36
  %48 = fadd contract float %42, %47, !dbg !40
  %49 = add i32 %41, 1, !dbg !41
  %50 = add nsw i32 %49, %9, !dbg !33
  %51 = tail call noundef i32 @_Z11clamp_indexii(i32 noundef %50, i32 noundef %2) #3, !dbg !34
  %52 = sext i32 %51 to i64, !dbg !35
  %53 = getelementptr inbounds float, ptr %0, i64 %52, !dbg !35
  %54 = load float, ptr %53, align 4, !dbg !35, !tbaa !36
  %55 = fadd contract float %48, %54, !dbg !40
  %56 = add i32 %41, 2, !dbg !41
  %57 = add nsw i32 %56, %9, !dbg !33
  %58 = tail call noundef i32 @_Z11clamp_indexii(i32 noundef %57, i32 noundef %2) #3, !dbg !34
  %59 = sext i32 %58 to i64, !dbg !35
  %60 = getelementptr inbounds float, ptr %0, i64 %59, !dbg !35
  %61 = load float, ptr %60, align 4, !dbg !35, !tbaa !36
  %62 = fadd contract float %55, %61, !dbg !40
  %63 = add i32 %41, 3, !dbg !41
  %64 = add nsw i32 %63, %9, !dbg !33
  %65 = tail call noundef i32 @_Z11clamp_indexii(i32 noundef %64, i32 noundef %2) #3, !dbg !34
  %66 = sext i32 %65 to i64, !dbg !35
  %67 = getelementptr inbounds float, ptr %0, i64 %66, !dbg !35
  %68 = load float, ptr %67, align 4, !dbg !35, !tbaa !36
  %69 = fadd contract float %62, %68, !dbg !40
  %70 = add i32 %41, 4, !dbg !41
  %71 = add nsw i32 %70, %9, !dbg !33
  %72 = tail call noundef i32 @_Z11clamp_indexii(i32 noundef %71, i32 noundef %2) #3, !dbg !34
  %73 = sext i32 %72 to i64, !dbg !35
  %74 = getelementptr inbounds float, ptr %0, i64 %73, !dbg !35
  %75 = load float, ptr %74, align 4, !dbg !35, !tbaa !36
  %76 = fadd contract float %69, %75, !dbg !40
  %77 = add i32 %41, 5, !dbg !41
  %78 = add nsw i32 %77, %9, !dbg !33
  %79 = tail call noundef i32 @_Z11clamp_indexii(i32 noundef %78, i32 noundef %2) #3, !dbg !34
  %80 = sext i32 %79 to i64, !dbg !35
  %81 = getelementptr inbounds float, ptr %0, i64 %80, !dbg !35
  %82 = load float, ptr %81, align 4, !dbg !35, !tbaa !36
  %83 = fadd contract float %76, %82, !dbg !40
  %84 = add i32 %41, 6, !dbg !41
  %85 = add nsw i32 %84, %9, !dbg !33
  %86 = tail call noundef i32 @_Z11clamp_indexii(i32 noundef %85, i32 noundef %2) #3, !dbg !34
  %87 = sext i32 %86 to i64, !dbg !35
  %88 = getelementptr inbounds float, ptr %0, i64 %87, !dbg !35
  %89 = load float, ptr %88, align 4, !dbg !35, !tbaa !36
  %90 = fadd contract float %83, %89, !dbg !40
  %91 = add i32 %41, 7, !dbg !41
  %92 = add nsw i32 %91, %9, !dbg !33
  %93 = tail call noundef i32 @_Z11clamp_indexii(i32 noundef %92, i32 noundef %2) #3, !dbg !34
  %94 = sext i32 %93 to i64, !dbg !35
  %95 = getelementptr inbounds float, ptr %0, i64 %94, !dbg !35
  %96 = load float, ptr %95, align 4, !dbg !35, !tbaa !36
  %97 = fadd contract float %90, %96, !dbg !40
  %98 = add i32 %41, 8, !dbg !41
  %99 = icmp eq i32 %91, %3, !dbg !30
  br i1 %99, label %32, label %40, !dbg !31, !llvm.loop !52

100:                                              ; preds = %4, %32
  ret void, !dbg !51
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "debug_info.cu", directory: ".")
!2 = !{ptr @debug_info, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!9 = distinct !DISubprogram(name: "clamp_index", scope: !1, file: !1, line: 14, type: !10, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 15, column: 9, scope: !9)
!13 = !DILocation(line: 15, column: 7, scope: !9)
!14 = !DILocation(line: 18, column: 1, scope: !9)
!15 = distinct !DISubprogram(name: "debug_info", scope: !1, file: !1, line: 20, type: !10, scopeLine: 21, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!16 = !DILocation(line: 66, column: 3, scope: !17, inlinedAt: !19)
!17 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !18, file: !18, line: 66, type: !10, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!18 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/__clang_cuda_builtin_vars.h", directory: "")
!19 = distinct !DILocation(line: 22, column: 19, scope: !15)
!20 = !DILocation(line: 79, column: 3, scope: !21, inlinedAt: !22)
!21 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !18, file: !18, line: 79, type: !10, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!22 = distinct !DILocation(line: 22, column: 32, scope: !15)
!23 = !DILocation(line: 22, column: 30, scope: !15)
!24 = !DILocation(line: 53, column: 3, scope: !25, inlinedAt: !26)
!25 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !18, file: !18, line: 53, type: !10, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!26 = distinct !DILocation(line: 22, column: 45, scope: !15)
!27 = !DILocation(line: 22, column: 43, scope: !15)
!28 = !DILocation(line: 23, column: 11, scope: !15)
!29 = !DILocation(line: 23, column: 7, scope: !15)
!30 = !DILocation(line: 26, column: 27, scope: !15)
!31 = !DILocation(line: 26, column: 3, scope: !15)
!32 = !DILocation(line: 26, column: 16, scope: !15)
!33 = !DILocation(line: 27, column: 31, scope: !15)
!34 = !DILocation(line: 27, column: 15, scope: !15)
!35 = !DILocation(line: 27, column: 12, scope: !15)
!36 = !{!37, !37, i64 0}
!37 = !{!"float", !38, i64 0}
!38 = !{!"omnipotent char", !39, i64 0}
!39 = !{!"Simple C++ TBAA"}
!40 = !DILocation(line: 27, column: 9, scope: !15)
!41 = !DILocation(line: 26, column: 38, scope: !15)
!42 = distinct !{!42, !43}
!43 = !{!"llvm.loop.unroll.disable"}
!44 = !DILocation(line: 0, scope: !15)
!45 = !DILocation(line: 28, column: 30, scope: !15)
!46 = !DILocation(line: 28, column: 39, scope: !15)
!47 = !DILocation(line: 28, column: 27, scope: !15)
!48 = !DILocation(line: 28, column: 18, scope: !15)
!49 = !DILocation(line: 28, column: 3, scope: !15)
!50 = !DILocation(line: 28, column: 12, scope: !15)
!51 = !DILocation(line: 29, column: 1, scope: !15)
!52 = distinct !{!52, !31, !53, !54}
!53 = !DILocation(line: 27, column: 38, scope: !15)
!54 = !{!"llvm.loop.mustprogress"}
