; A chain of dead arithmetic, casts, compares, selects and GEPs is removed; values feeding the return and a store stay.
; RUN: opt %s --passes verify,dce

define i32 @f(i32 %a, i32 %b, ptr %p) {
entry:
  %live = add i32 %a, %b
  %d1 = mul i32 %a, 7
  %d2 = sub i32 %d1, %b
  %d3 = zext i32 %d2 to i64
  %d4 = icmp eq i64 %d3, 0
  %d5 = select i1 %d4, i32 %d2, i32 %live
  %d6 = getelementptr inbounds i32, ptr %p, i64 %d3
  %d7 = fadd float 1.0, 2.0
  %s = shl i32 %live, 1
  store i32 %s, ptr %p
  ret i32 %live
}

; CHECK-LABEL: define i32 @f(i32 %a, i32 %b, ptr %p) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %live = add i32 %a, %b
; CHECK-NOT: %d{{[0-9]}}
; CHECK:   %s = shl i32 %live, 1
; CHECK-NEXT:   store i32 %s, ptr %p
; CHECK-NEXT:   ret i32 %live
; CHECK-NEXT: }
