; Numbered arguments, values and blocks with an unnamed entry block; numbering continues across arguments, blocks and void calls.
; RUN: opt %s --passes verify

declare void @side(i32)

define i32 @num(i32 %0, i32 %1) {
  %3 = add i32 %0, %1
  call void @side(i32 %3)
  %4 = icmp sgt i32 %3, 0
  br i1 %4, label %5, label %7

5:
  %6 = mul i32 %3, 2
  br label %7

7:
  %8 = phi i32 [ %6, %5 ], [ 0, %2 ]
  ret i32 %8
}

define i32 @mixed(i32 %a, i32) {
entry:
  %1 = add i32 %a, %0
  %named = sub i32 %1, 1
  %2 = xor i32 %named, %1
  ret i32 %2
}

; CHECK-LABEL: define i32 @num(i32 %0, i32 %1) {
; CHECK-NEXT:   %3 = add i32 %0, %1
; CHECK-NEXT:   call void @side(i32 %3)
; CHECK-NEXT:   %4 = icmp sgt i32 %3, 0
; CHECK-NEXT:   br i1 %4, label %5, label %7
; CHECK-EMPTY:
; CHECK-NEXT: 5:
; CHECK-NEXT:   %6 = mul i32 %3, 2
; CHECK-NEXT:   br label %7
; CHECK-EMPTY:
; CHECK-NEXT: 7:
; CHECK-NEXT:   %8 = phi i32 [ %6, %5 ], [ 0, %2 ]
; CHECK-NEXT:   ret i32 %8
; CHECK-LABEL: define i32 @mixed(i32 %a, i32 %0) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %1 = add i32 %a, %0
; CHECK-NEXT:   %named = sub i32 %1, 1
; CHECK-NEXT:   %2 = xor i32 %named, %1
; CHECK-NEXT:   ret i32 %2
