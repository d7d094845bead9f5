; A switch whose default and a case both reach %join (critical edges: %entry has several successors, %join
; several predecessors): every edge's copy sits before the switch, the phi keeps one operand per edge.
; RUN: opt %s --passes cssa
; CHECK: entry:
; CHECK-NEXT: %pcp{{[0-9]+}} = bitcast i32 %x to i32
; CHECK-NEXT: switch i32 %x
; CHECK: a:
; CHECK-NEXT: %y = add i32 %x, 7
; CHECK-NEXT: %pcp{{[0-9]+}} = bitcast i32 %y to i32
; CHECK: join:
; CHECK-NEXT: %r = phi i32 [ %pcp{{[0-9]+}}, %entry ], [ %pcp{{[0-9]+}}, %a ]
define i32 @sw(i32 %x) {
entry:
  switch i32 %x, label %join [ i32 1, label %a
                               i32 2, label %join ]
a:
  %y = add i32 %x, 7
  br label %join
join:
  %r = phi i32 [ %x, %entry ], [ %y, %a ]
  ret i32 %r
}
