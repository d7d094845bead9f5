; i128 values are rejected at their first use (here a load); the instruction's !dbg location makes it a
; file:line:col diagnostic.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @wide(ptr %p) !dbg !4 {
  %x = load i128, ptr %p, align 16, !dbg !7
  %m = mul i128 %x, %x
  store i128 %m, ptr %p, align 16
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly)
!1 = !DIFile(filename: "wide.cu", directory: "/src")
!2 = !{i32 7, !"Dwarf Version", i32 2}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "wide", scope: !1, file: !1, line: 3, type: !5, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 11, scope: !4)

; ERR: /src/wide.cu:4:11: error: unsupported in codegen: memory access of type i128 (in function 'wide')
