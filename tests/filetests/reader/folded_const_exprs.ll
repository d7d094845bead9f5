; Constant expressions removed from LLVM are folded on integer constants: and/or/lshr/ashr/udiv/sdiv/urem/srem/zext/sext (LLVM 18), shl (LLVM 19, also with wrap flags that hold); nested ones fold inside out.
; RUN: opt %s --passes verify

@and = global i32 and (i32 12, i32 10)
@or = global i32 or (i32 12, i32 3)
@lshr = global i8 lshr (i8 -128, i8 7)
@ashr = global i8 ashr (i8 -128, i8 7)
@udiv = global i32 udiv (i32 -1, i32 16)
@sdiv = global i32 sdiv (i32 -17, i32 4)
@urem = global i16 urem (i16 17, i16 5)
@srem = global i16 srem (i16 -17, i16 5)
@zext = global i64 zext (i32 -1 to i64)
@sext = global i64 sext (i8 -2 to i64)
@shl = global i32 shl (i32 3, i32 4)
@shlw = global i8 shl nsw (i8 -64, i8 1)
@nest = global i32 and (i32 or (i32 1, i32 6), i32 zext (i8 5 to i32))
@arr = global [2 x i32] [i32 and (i32 255, i32 15), i32 lshr exact (i32 64, i32 3)]

define i32 @f(i32 %x) {
  %r = add i32 %x, and (i32 12, i32 10)
  ret i32 %r
}

; CHECK: @and = global i32 8
; CHECK-NEXT: @or = global i32 15
; CHECK-NEXT: @lshr = global i8 1
; CHECK-NEXT: @ashr = global i8 -1
; CHECK-NEXT: @udiv = global i32 268435455
; CHECK-NEXT: @sdiv = global i32 -4
; CHECK-NEXT: @urem = global i16 2
; CHECK-NEXT: @srem = global i16 -2
; CHECK-NEXT: @zext = global i64 4294967295
; CHECK-NEXT: @sext = global i64 -2
; CHECK-NEXT: @shl = global i32 48
; CHECK-NEXT: @shlw = global i8 -128
; CHECK-NEXT: @nest = global i32 5
; CHECK-NEXT: @arr = global [2 x i32] [i32 15, i32 8]
; CHECK:   %r = add i32 %x, 8
