; bypass-slow-division leaves alone: a dividend with a bit at or above 2^32 set (or with a constant), a hash-like
; divisor (a product by a constant wider than 32 signed bits; a xor), a constant divisor (instruction selection
; multiplies by a magic number instead), 32-bit operations, and vectors. A long group with both a quotient and a
; remainder (@long_pair, the urem first) divides once, at the first of them, and takes the remainder as x - q * b.
; RUN: opt %s --passes bypass-slow-division

target triple = "nvptx64-nvidia-cuda"

define i64 @long_dividend(i64 %a, i64 %b) {
entry:
  %x = or i64 %a, 1099511627776
  %q = udiv i64 %x, %b
  ret i64 %q
}

define i64 @hash_divisor(i64 %a, i64 %b, i64 %c) {
entry:
  %h = mul i64 %b, 6364136223846793005
  %r = urem i64 %a, %h
  %x = xor i64 %b, %c
  %q = sdiv i64 %a, %x
  %t = add i64 %r, %q
  ret i64 %t
}

define i64 @long_pair(i64 %a, i64 %b) {
entry:
  %x = or i64 %a, 1099511627776
  %r = urem i64 %x, %b
  %q = udiv i64 %x, %b
  %t = add i64 %q, %r
  ret i64 %t
}

define i64 @const_divisor(i64 %a) {
entry:
  %q = udiv i64 %a, 1000003
  ret i64 %q
}

define i32 @narrow(i32 %a, i32 %b) {
entry:
  %q = udiv i32 %a, %b
  ret i32 %q
}

define <2 x i64> @vec(<2 x i64> %a, <2 x i64> %b) {
entry:
  %q = udiv <2 x i64> %a, %b
  ret <2 x i64> %q
}

; CHECK-LABEL: define i64 @long_dividend(
; CHECK-NEXT: entry:
; CHECK-NEXT: %x = or i64 %a, 1099511627776
; CHECK-NEXT: %q = udiv i64 %x, %b
; CHECK-NEXT: ret i64 %q
; CHECK-LABEL: define i64 @hash_divisor(
; CHECK-NOT: bypass
; CHECK: %r = urem i64 %a, %h
; CHECK: %q = sdiv i64 %a, %x
; CHECK-LABEL: define i64 @long_pair(
; CHECK-NEXT: entry:
; CHECK-NEXT: %x = or i64 %a, 1099511627776
; CHECK-NEXT: [[Q:%[0-9]+]] = udiv i64 %x, %b
; CHECK-NEXT: [[M:%[0-9]+]] = mul i64 [[Q]], %b
; CHECK-NEXT: [[R:%[0-9]+]] = sub i64 %x, [[M]]
; CHECK-NEXT: %t = add i64 [[Q]], [[R]]
; CHECK-NEXT: ret i64 %t
; CHECK-LABEL: define i64 @const_divisor(
; CHECK-NEXT: entry:
; CHECK-NEXT: %q = udiv i64 %a, 1000003
; CHECK-LABEL: define i32 @narrow(
; CHECK-NEXT: entry:
; CHECK-NEXT: %q = udiv i32 %a, %b
; CHECK-LABEL: define <2 x i64> @vec(
; CHECK-NEXT: entry:
; CHECK-NEXT: %q = udiv <2 x i64> %a, %b
