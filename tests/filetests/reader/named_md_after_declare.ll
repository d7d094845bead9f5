; A named metadata definition right after a declaration is not a function attachment (found by fuzzing).
; RUN: opt %s --passes verify
; CHECK: declare void @f()
; CHECK: !foo = !{}
declare void @f()
!foo = !{}
