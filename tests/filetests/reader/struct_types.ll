; Identified struct types: opaque, packed, recursive through pointers, numbered (`%0`, written back as the equivalent named `%"0"`), quoted names, empty; literal structs inline.
; RUN: opt %s --passes verify

%struct.Node = type { i32, ptr, %struct.Vec }
%struct.Vec = type { [3 x float] }
%struct.Opaque = type opaque
%struct.Packed = type <{ i8, i32, i16 }>
%0 = type { i64, i8 }
%"class.ns::Quoted" = type { %0 }
%struct.Empty = type {}

@n = global %struct.Node zeroinitializer
@o = external global %struct.Opaque
@p = global %struct.Packed <{ i8 1, i32 2, i16 3 }>
@q = global %"class.ns::Quoted" { %0 { i64 7, i8 8 } }
@lit = global <{ i8, { i16, i32 } }> zeroinitializer

define i32 @f(ptr %p) {
  %g = getelementptr %struct.Node, ptr %p, i64 0, i32 2, i32 0, i64 1
  %x = load float, ptr %g
  %v = load %struct.Packed, ptr %p
  %e = extractvalue %struct.Packed %v, 1
  %w = load %0, ptr %p
  ret i32 %e
}

; CHECK: %struct.Node = type { i32, ptr, %struct.Vec }
; CHECK-NEXT: %struct.Vec = type { [3 x float] }
; CHECK-NEXT: %struct.Opaque = type opaque
; CHECK-NEXT: %struct.Packed = type <{ i8, i32, i16 }>
; CHECK-NEXT: %0 = type { i64, i8 }
; CHECK-NEXT: %"class.ns::Quoted" = type { %0 }
; CHECK-NEXT: %struct.Empty = type {}
; CHECK: @o = external global %struct.Opaque
; CHECK-NEXT: @p = global %struct.Packed <{ i8 1, i32 2, i16 3 }>
; CHECK-NEXT: @q = global %"class.ns::Quoted" { %0 { i64 7, i8 8 } }
; CHECK-NEXT: @lit = global <{ i8, { i16, i32 } }> zeroinitializer
; CHECK:   %v = load %struct.Packed, ptr %p
; CHECK-NEXT:   %e = extractvalue %struct.Packed %v, 1
; CHECK-NEXT:   %w = load %0, ptr %p
