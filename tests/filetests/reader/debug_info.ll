; DI metadata: `distinct` DICompileUnit/DISubprogram, DIFile, DISubroutineType, DIBasicType, DILocation with `!dbg` attachments on a function and its instructions.
; RUN: opt %s --passes verify

define i32 @add(i32 %a, i32 %b) !dbg !5 {
entry:
  %s = add nsw i32 %a, %b, !dbg !10
  ret i32 %s, !dbg !11
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang version 19.1.7", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "add.cu", directory: "/src")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 2}
!5 = distinct !DISubprogram(name: "add", linkageName: "_Z3addii", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !2)
!6 = !DISubroutineType(types: !7)
!7 = !{!8, !8, !8}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DILocation(line: 4, column: 3, scope: !5)
!10 = !DILocation(line: 4, column: 12, scope: !5, inlinedAt: !9)
!11 = !DILocation(line: 5, column: 1, scope: !5)

; CHECK: define i32 @add(i32 %a, i32 %b) !dbg !5 {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %s = add nsw i32 %a, %b, !dbg !10
; CHECK-NEXT:   ret i32 %s, !dbg !11
; CHECK: !llvm.dbg.cu = !{!0}
; CHECK: !0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang version 19.1.7", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2, splitDebugInlining: false, nameTableKind: None)
; CHECK-NEXT: !1 = !DIFile(filename: "add.cu", directory: "/src")
; CHECK: !5 = distinct !DISubprogram(name: "add", linkageName: "_Z3addii", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !2)
; CHECK: !8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
; CHECK-NEXT: !9 = !DILocation(line: 4, column: 3, scope: !5)
; CHECK-NEXT: !10 = !DILocation(line: 4, column: 12, scope: !5, inlinedAt: !9)
