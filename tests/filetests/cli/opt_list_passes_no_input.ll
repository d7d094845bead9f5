; `simtc opt --list-passes` needs no input file.
; RUN: opt --list-passes
; CHECK: verify
; CHECK: structurizecfg
