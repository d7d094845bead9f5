; bypass-slow-division: a dividend zero-extended from i32 is below 2^32. Unsigned (@u): when the divisor is
; larger, the quotient is 0 and the remainder the dividend, without dividing; otherwise the divisor is below
; 2^32 too and the 32-bit path runs (icmp uge a, b: no slow block). Signed (@s): only the divisor is tested
; (b >> 32 == 0, i.e. 0 <= b < 2^32), the dividend being known non-negative and short.
; RUN: opt %s --passes bypass-slow-division

target triple = "nvptx64-nvidia-cuda"

define i64 @u(i32 %a, i64 %b) {
entry:
  %x = zext i32 %a to i64
  %r = urem i64 %x, %b
  ret i64 %r
}

define i64 @s(i32 %a, i64 %b) {
entry:
  %x = zext i32 %a to i64
  %q = sdiv i64 %x, %b
  ret i64 %q
}

; CHECK-LABEL: define i64 @u(
; CHECK: %x = zext i32 %a to i64
; CHECK-NEXT: [[C:%[0-9]+]] = icmp uge i64 %x, %b
; CHECK-NEXT: br i1 [[C]], label %bypass.fast, label %bypass.join
; CHECK: bypass.fast:
; CHECK: [[R:%[0-9]+]] = urem i32
; CHECK-NEXT: [[RZ:%[0-9]+]] = zext i32 [[R]] to i64
; CHECK-NEXT: br label %bypass.join
; CHECK: bypass.join:
; CHECK-NEXT: [[P:%[0-9]+]] = phi i64 [ [[RZ]], %bypass.fast ], [ %x, %entry ]
; CHECK-NEXT: ret i64 [[P]]

; CHECK-LABEL: define i64 @s(
; CHECK: [[HI:%[0-9]+]] = lshr i64 %b, 32
; CHECK-NEXT: [[C:%[0-9]+]] = icmp eq i64 [[HI]], 0
; CHECK-NEXT: br i1 [[C]], label %bypass.fast, label %bypass.slow
; CHECK: bypass.slow:
; CHECK-NEXT: sdiv i64 %x, %b
