; Globals used but defined nowhere are reported once the whole file has parsed, as llvm-as does: the first name
; in name order, at its first use (numbered globals after named ones), and only when nothing else is wrong.
; RUN: opt %s --passes verify
; EXIT: 1

define void @f() {
  call void @zeta()
  store ptr @beta, ptr null
  call void @alpha()
  call void @alpha()
  ret void
}

; ERR: {{.*}}bad_undef_global.ll:9:13: error: use of undefined value '@alpha'
; ERR-NEXT:   call void @alpha()
; ERR-NEXT:             ^~~~~~
