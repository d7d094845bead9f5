; A specialized metadata node class LLVM does not have is rejected at its name (llvm-as: "expected metadata type").
; RUN: opt %s --passes verify
; EXIT: 1

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.cu", directory: "/")
!2 = !DISubroutinType(types: !3)
!3 = !{null}

; ERR: {{.*}}bad_unknown_di_node.ll:8:6: error: unknown specialized metadata node '!DISubroutinType'
; ERR-NEXT: !2 = !DISubroutinType(types: !3)
; ERR-NEXT:      ^~~~~~~~~~~~~~~~
