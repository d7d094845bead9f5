; Quoted names: `%"a b"` locals, `@"weird name"` globals and functions, quoted block labels, escapes in names.
; RUN: opt %s --passes verify

@"weird name" = global i32 7
@"with\22quote" = global i8 0

define i32 @"my func"(i32 %"a b") {
"the entry":
  %"sum.1 x" = add i32 %"a b", 1
  %v = load i32, ptr @"weird name"
  br label %"next block"

"next block":
  %"r" = add i32 %"sum.1 x", %v
  ret i32 %r
}

define i32 @caller() {
  %1 = call i32 @"my func"(i32 3)
  ret i32 %1
}

; CHECK: @"weird name" = global i32 7
; CHECK-NEXT: @"with\22quote" = global i8 0
; CHECK-LABEL: define i32 @"my func"(i32 %"a b") {
; CHECK-NEXT: "the entry":
; CHECK-NEXT:   %"sum.1 x" = add i32 %"a b", 1
; CHECK-NEXT:   %v = load i32, ptr @"weird name"
; CHECK-NEXT:   br label %"next block"
; CHECK: "next block":
; CHECK-NEXT:   %r = add i32 %"sum.1 x", %v
; CHECK:   %1 = call i32 @"my func"(i32 3)
