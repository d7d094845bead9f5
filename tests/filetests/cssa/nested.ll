; Nested diamonds: the inner join's phi gets copies in the inner arms, the outer join's phi a copy at the end
; of the inner join (its predecessor) and one in the outer else arm.
; RUN: opt %s --passes cssa
; CHECK: ijoin:
; CHECK-NEXT: %m = phi i32 [ %pcp{{[0-9]+}}, %it ], [ %pcp{{[0-9]+}}, %ie ]
; CHECK-NEXT: %pcp{{[0-9]+}} = bitcast i32 %m to i32
; CHECK-NEXT: br label %join
; CHECK: else:
; CHECK-NEXT: %pcp{{[0-9]+}} = bitcast i32 %x to i32
; CHECK-NEXT: br label %join
define i32 @nested(i32 %x, i1 %c, i1 %d) {
entry:
  br i1 %c, label %then, label %else
then:
  br i1 %d, label %it, label %ie
it:
  %a = add i32 %x, 1
  br label %ijoin
ie:
  %b = add i32 %x, 2
  br label %ijoin
ijoin:
  %m = phi i32 [ %a, %it ], [ %b, %ie ]
  br label %join
else:
  br label %join
join:
  %r = phi i32 [ %m, %ijoin ], [ %x, %else ]
  ret i32 %r
}
