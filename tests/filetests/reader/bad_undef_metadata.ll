; A reference to a numbered metadata node that is never defined is reported at the first reference.
; RUN: opt %s --passes verify
; EXIT: 1

define void @f(ptr %p) {
  store i32 0, ptr %p, !tbaa !3
  ret void
}

!0 = !{!"defined"}

; ERR: {{.*}}bad_undef_metadata.ll:6:30: error: use of undefined metadata '!3'
; ERR-NEXT:   store i32 0, ptr %p, !tbaa !3
; ERR-NEXT:                              ^~
