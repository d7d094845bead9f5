; Terminators: `switch` with several cases (negative and wide values, shared destinations), an empty case list, and `unreachable`.
; RUN: opt %s --passes verify

define i32 @sw(i32 %x, i64 %y) {
entry:
  switch i32 %x, label %default [
    i32 0, label %zero
    i32 -1, label %neg
    i32 2147483647, label %zero
  ]

zero:
  switch i64 %y, label %default [
  ]

neg:
  unreachable

default:
  %r = phi i32 [ 1, %entry ], [ 2, %zero ]
  ret i32 %r
}

; CHECK:      switch i32 %x, label %default [
; CHECK-NEXT:     i32 0, label %zero
; CHECK-NEXT:     i32 -1, label %neg
; CHECK-NEXT:     i32 2147483647, label %zero
; CHECK-NEXT:   ]
; CHECK:      zero:
; CHECK-NEXT:   switch i64 %y, label %default [
; CHECK-NEXT:   ]
; CHECK:      neg:
; CHECK-NEXT:   unreachable
; CHECK:      %r = phi i32 [ 1, %entry ], [ 2, %zero ]
