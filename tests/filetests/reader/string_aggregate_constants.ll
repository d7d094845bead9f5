; Aggregate constants: `c"..."` strings with escapes, zeroinitializer, nested structs of arrays, packed structs, arrays of structs, vectors, undef/poison members.
; RUN: opt %s --passes verify

%inner = type { i8, [2 x i16] }
%outer = type { %inner, [2 x %inner], ptr }
%packed = type <{ i8, i32 }>

@str = private unnamed_addr constant [13 x i8] c"hello, \22gpu\22\00"
@bytes = constant [4 x i8] c"\01\FF\5C\0A"
@zero = global %outer zeroinitializer
@nested = global %outer { %inner { i8 1, [2 x i16] [i16 2, i16 -3] }, [2 x %inner] [%inner zeroinitializer, %inner { i8 4, [2 x i16] undef }], ptr @str }
@pk = global %packed <{ i8 9, i32 1000 }>
@lit = global { i32, <2 x float> } { i32 poison, <2 x float> <float 1.0, float 2.0> }
@empty = global {} zeroinitializer
@arr2 = global [2 x [2 x i32]] [[2 x i32] [i32 1, i32 2], [2 x i32] zeroinitializer]

; CHECK: %inner = type { i8, [2 x i16] }
; CHECK-NEXT: %outer = type { %inner, [2 x %inner], ptr }
; CHECK-NEXT: %packed = type <{ i8, i32 }>
; CHECK: @str = private unnamed_addr constant [13 x i8] c"hello, \22gpu\22\00"
; CHECK-NEXT: @bytes = constant [4 x i8] c"\01\FF\\\0A"
; CHECK-NEXT: @zero = global %outer zeroinitializer
; CHECK-NEXT: @nested = global %outer { %inner { i8 1, [2 x i16] [i16 2, i16 -3] }, [2 x %inner] [%inner zeroinitializer, %inner { i8 4, [2 x i16] undef }], ptr @str }
; CHECK-NEXT: @pk = global %packed <{ i8 9, i32 1000 }>
; CHECK-NEXT: @lit = global { i32, <2 x float> } { i32 poison, <2 x float> <float 1.000000e+00, float 2.000000e+00> }
; CHECK-NEXT: @empty = global {} zeroinitializer
; CHECK-NEXT: @arr2 = global [2 x [2 x i32]] [[2 x i32] [i32 1, i32 2], [2 x i32] zeroinitializer]
