; A reference to an attribute group that is never defined is reported at the reference (stricter than llvm-as 19, which ignores it).
; RUN: opt %s --passes verify
; EXIT: 1

declare void @g() #0

define void @f() #1 {
  call void @g() #0
  ret void
}

attributes #0 = { nounwind }

; ERR: {{.*}}bad_undef_attr_group.ll:7:18: error: undefined attribute group #1
; ERR-NEXT: define void @f() #1 {
; ERR-NEXT:                  ^~
