; Seed 000's loop-header self-edge: the header is its own predecessor; its copies sit before its own
; terminator and read this iteration's values (the swap reads %b and %a). The same value on the same edge for
; two phis shares one copy at the default cssa-coalesce=1 (the per-block local map), and running the pass
; twice adds nothing (the second run keeps the first run's copies).
; RUN: opt %s --passes cssa,cssa --knob cssa-coalesce=1
; CHECK: entry:
; CHECK-NEXT: %pcp{{[0-9]+}} = bitcast i32 %n to i32
; CHECK-NEXT: br label %loop
; CHECK: %a = phi i32 [ %pcp5, %entry ], [ %pcp6, %loop ]
; CHECK-NEXT: %b = phi i32 [ %pcp5, %entry ], [ %pcp8, %loop ]
; CHECK: %pcp6 = bitcast i32 %b to i32
; CHECK-NEXT: %pcp8 = bitcast i32 %a to i32
; CHECK-NOT: bitcast
; CHECK: br i1 %c, label %loop, label %exit
define i32 @selfedge(i32 %n) {
entry:
  br label %loop
loop:
  %a = phi i32 [ %n, %entry ], [ %b, %loop ]
  %b = phi i32 [ %n, %entry ], [ %a, %loop ]
  %c = icmp slt i32 %a, 100
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %b
}
