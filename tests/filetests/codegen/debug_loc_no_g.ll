; Without -g, !dbg locations still give .loc lines (DebugDirectivesOnly, as clang -gline-directives-only) but the
; target is not marked `debug`.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @dbg(ptr %out, i32 %a) !dbg !4 {
  %b = add i32 %a, 1, !dbg !7
  store i32 %b, ptr %out, align 4, !dbg !8
  ret void, !dbg !8
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !{i32 7, !"Dwarf Version", i32 2}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "dbg", scope: !1, file: !1, line: 3, type: !5, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 11, scope: !4)
!8 = !DILocation(line: 6, column: 3, scope: !4)

; CHECK: .target sm_80
; CHECK-NOT: debug
; CHECK: .loc 1 4 11
; CHECK-NEXT: add.s32
; CHECK-NEXT: .loc 1 6 3
; CHECK: .file 1 "/src/k.cu"
; CHECK-NOT: .section
