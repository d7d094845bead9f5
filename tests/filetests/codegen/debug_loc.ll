; Instructions with !dbg locations print `.loc FILE LINE COL` when the location changes, with the file table
; (.file N "dir/name") after the functions; `-g` marks the target `debug` and adds the DWARF sections.
; (reassociate rewrites (a+1)*3 - a as a*3 - a + 3: the rebuilt instructions keep the root's location.)
; RUN: compile %s --mcpu sm_80 -g

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @dbg(ptr %out, i32 %a) !dbg !4 {
  %b = add i32 %a, 1, !dbg !7
  %c = mul i32 %b, 3, !dbg !7
  %d = sub i32 %c, %a, !dbg !8
  store i32 %d, ptr %out, align 4, !dbg !9
  ret void, !dbg !9
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
!8 = !DILocation(line: 5, column: 7, scope: !4)
!9 = !DILocation(line: 6, column: 3, scope: !4)

; CHECK: .target sm_80, debug
; CHECK-LABEL: .visible .entry dbg(
; CHECK: ld.param.u32
; CHECK-NEXT: .loc 1 4 11
; CHECK-NEXT: mul.lo.s32
; CHECK-NEXT: .loc 1 5 7
; CHECK-NEXT: sub.s32
; CHECK-NEXT: add.s32
; CHECK-NEXT: .loc 1 6 3
; CHECK-NEXT: st.global.u32
; CHECK-NEXT: ret;
; CHECK: .file 1 "/src/k.cu"
; CHECK-NEXT: .section .debug_abbrev
; CHECK: .section .debug_info
