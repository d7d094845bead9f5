; An attribute group that names a key twice keeps the last value (as LLVM's AttrBuilder does), whether the group
; is copied onto a function without attributes of its own or merged into inline attributes of a call.
; RUN: opt %s --passes verify

declare void @g()

define void @k() #0 {
entry:
  call void @g() nounwind #0
  ret void
}

attributes #0 = { "k"="1" noinline "k"="2" }

; CHECK-LABEL: define void @k() #0 {
; CHECK-NEXT: entry:
; CHECK-NEXT:   call void @g() #1
; CHECK: attributes #0 = { noinline "k"="2" }
; CHECK-NEXT: attributes #1 = { nounwind noinline "k"="2" }
