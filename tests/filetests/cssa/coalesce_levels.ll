; cssa-coalesce=0 keeps one copy per phi operand, constants included (two phis reading %n on the entry edge
; get two copies); level 2 copies no constants; level 3 also no value that dies on the edge (%i1 is used by
; the phi only). Level 1 (a copy per value and edge) is spelled out: the entry edge carries 0 and %n.
; RUN: opt %s --passes cssa --knob cssa-coalesce=0 --knob cssa-verbosity=1
; ERR: cssa: @levels: 2 phis, 4 pcp copies inserted, 0 erased
define i32 @levels(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ %n, %entry ], [ %s1, %loop ]
  %i1 = add i32 %i, 1
  %s1 = add i32 %s, %i
  %c = icmp slt i32 %i1, %s1
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %s
}
