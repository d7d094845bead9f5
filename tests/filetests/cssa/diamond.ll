; Seed 000: a diamond gets one pcp copy per phi operand, immediately before each predecessor's terminator.
; RUN: opt %s --passes cssa
; CHECK: then:
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NEXT: %pcp{{[0-9]+}} = bitcast i32 %a to i32
; CHECK-NEXT: br label %join
; CHECK: else:
; CHECK-NEXT: %b = mul i32 %x, 3
; CHECK-NEXT: %pcp{{[0-9]+}} = bitcast i32 %b to i32
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: %r = phi i32 [ %pcp{{[0-9]+}}, %then ], [ %pcp{{[0-9]+}}, %else ]
define i32 @diamond(i32 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  %a = add i32 %x, 1
  br label %join
else:
  %b = mul i32 %x, 3
  br label %join
join:
  %r = phi i32 [ %a, %then ], [ %b, %else ]
  ret i32 %r
}
