; bypass-slow-division: both operands provably below 2^32 (a zext from i32, an and with a 32-bit mask, a
; quotient of a short dividend, a right shift by 32, a select of two short values): the operations become 32-bit
; ones in place, zero-extended, with no branch; the signed remainder too (both operands are non-negative).
; RUN: opt %s --passes bypass-slow-division

target triple = "nvptx64-nvidia-cuda"

define i64 @k(i32 %a, i64 %b, i64 %c, i1 %p) {
entry:
  %x = zext i32 %a to i64
  %y = and i64 %b, 4294967295
  %q = udiv i64 %x, %y
  %h = lshr i64 %c, 32
  %s = select i1 %p, i64 %q, i64 %x
  %r = srem i64 %s, %h
  %t = add i64 %q, %r
  ret i64 %t
}

; CHECK-LABEL: define i64 @k(
; CHECK-NOT: br
; CHECK: [[A:%[0-9]+]] = trunc i64 %x to i32
; CHECK-NEXT: [[B:%[0-9]+]] = trunc i64 %y to i32
; CHECK-NEXT: [[Q:%[0-9]+]] = udiv i32 [[A]], [[B]]
; CHECK-NEXT: [[QZ:%[0-9]+]] = zext i32 [[Q]] to i64
; CHECK: %s = select i1 %p, i64 [[QZ]], i64 %x
; CHECK-NEXT: [[S:%[0-9]+]] = trunc i64 %s to i32
; CHECK-NEXT: [[H:%[0-9]+]] = trunc i64 %h to i32
; CHECK-NEXT: [[R:%[0-9]+]] = urem i32 [[S]], [[H]]
; CHECK-NEXT: [[RZ:%[0-9]+]] = zext i32 [[R]] to i64
; CHECK-NEXT: %t = add i64 [[QZ]], [[RZ]]
; CHECK-NOT: i64 %x, %y
; CHECK: ret i64 %t
