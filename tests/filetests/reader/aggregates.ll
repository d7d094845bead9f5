; Aggregates: extractvalue/insertvalue with nested index paths on structs and arrays, freeze of scalars and aggregates, aggregate phis and returns.
; RUN: opt %s --passes verify

%pair = type { i32, { float, [2 x i8] } }

define { i32, float } @agg(%pair %p, [3 x i64] %arr, i32 %x, i1 %c) {
entry:
  %a = extractvalue %pair %p, 0
  %b = extractvalue %pair %p, 1, 1, 0
  %f = extractvalue %pair %p, 1, 0
  %n = extractvalue [3 x i64] %arr, 2
  %q = insertvalue %pair %p, i8 %b, 1, 1, 1
  %r0 = insertvalue { i32, float } undef, i32 %a, 0
  %r1 = insertvalue { i32, float } %r0, float %f, 1
  %fx = freeze i32 %x
  %fa = freeze [3 x i64] %arr
  %fr = freeze { i32, float } poison
  br i1 %c, label %t, label %e

t:
  br label %e

e:
  %phi = phi { i32, float } [ %r1, %entry ], [ %fr, %t ]
  ret { i32, float } %phi
}

; CHECK: %pair = type { i32, { float, [2 x i8] } }
; CHECK:   %a = extractvalue %pair %p, 0
; CHECK-NEXT:   %b = extractvalue %pair %p, 1, 1, 0
; CHECK-NEXT:   %f = extractvalue %pair %p, 1, 0
; CHECK-NEXT:   %n = extractvalue [3 x i64] %arr, 2
; CHECK-NEXT:   %q = insertvalue %pair %p, i8 %b, 1, 1, 1
; CHECK-NEXT:   %r0 = insertvalue { i32, float } undef, i32 %a, 0
; CHECK-NEXT:   %r1 = insertvalue { i32, float } %r0, float %f, 1
; CHECK-NEXT:   %fx = freeze i32 %x
; CHECK-NEXT:   %fa = freeze [3 x i64] %arr
; CHECK-NEXT:   %fr = freeze { i32, float } poison
; CHECK:   %phi = phi { i32, float } [ %r1, %entry ], [ %fr, %t ]
; CHECK-NEXT:   ret { i32, float } %phi
