; A declaration's metadata attachments come right after `declare` (`declare !kind !N void @f()`), are kept, and are written back in the same place; a definition's come after its header.
; RUN: opt %s --passes verify

declare !my.note !0 !other !1 i32 @ext(i32)

define i32 @f(i32 %x) !my.note !1 {
  %r = call i32 @ext(i32 %x)
  ret i32 %r
}

!named = !{!0}

!0 = !{!"declared elsewhere"}
!1 = !{i32 7}

; CHECK: declare !my.note !0 !other !1 i32 @ext(i32)
; CHECK: define i32 @f(i32 %x) !my.note !1 {
; CHECK: !named = !{!0}
