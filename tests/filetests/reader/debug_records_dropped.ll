; Debug records (`#dbg_value`, `#dbg_declare`, `#dbg_assign`) and calls to `llvm.dbg.value`/`llvm.dbg.declare` are parsed and dropped; `!dbg` on other instructions stays.
; RUN: opt %s --passes verify

declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)

define i32 @f(i32 %x) !dbg !3 {
entry:
  %a = alloca i32, align 4
    #dbg_declare(ptr %a, !7, !DIExpression(), !8)
  %y = add i32 %x, 1, !dbg !8
    #dbg_value(i32 %y, !7, !DIExpression(DW_OP_plus_uconst, 4, DW_OP_stack_value), !8)
    #dbg_value(!DIArgList(i32 %x, i32 %y), !7, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !8)
  call void @llvm.dbg.value(metadata i32 %y, metadata !7, metadata !DIExpression()), !dbg !8
  tail call void @llvm.dbg.declare(metadata ptr %a, metadata !7, metadata !DIExpression()), !dbg !8
  ret i32 %y, !dbg !8
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "f.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !5)
!5 = !{!6, !6}
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !DILocalVariable(name: "y", scope: !3, file: !1, line: 2, type: !6)
!8 = !DILocation(line: 2, column: 7, scope: !3)

; CHECK-LABEL: define i32 @f(i32 %x) !dbg !3 {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %a = alloca i32, align 4
; CHECK-NEXT:   %y = add i32 %x, 1, !dbg !7
; CHECK-NEXT:   ret i32 %y, !dbg !7
; CHECK-NEXT: }
; CHECK-NOT: #dbg_
; CHECK-NOT: DILocalVariable
; CHECK: !7 = !DILocation(line: 2, column: 7, scope: !3)
