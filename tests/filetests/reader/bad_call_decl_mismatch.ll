; A direct call that disagrees with the callee's declaration is rejected whether the declaration comes before or after the call.
; RUN: opt %s --passes verify
; EXIT: 1

define void @f() {
  call void @later(i32 1)
  ret void
}

declare void @later(i64)

; ERR: {{.*}}bad_call_decl_mismatch.ll:6:13: error: call does not match the callee's function type
; ERR-NEXT:   call void @later(i32 1)
; ERR-NEXT:             ^~~~~~
