; dump-before-cssa prints the module before the pass runs.
; RUN: opt %s --passes cssa --knob dump-before-cssa=true
; ERR: IR Module before CSSA:
; ERR: %r = phi i32 [ %x, %entry ], [ %y, %loop ]
define i32 @d(i32 %x) {
entry:
  br label %loop
loop:
  %r = phi i32 [ %x, %entry ], [ %y, %loop ]
  %y = add i32 %r, 1
  %c = icmp slt i32 %y, 10
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %r
}
