; Two returns and an unreachable become branches to one UnifiedReturnBlock whose phi takes the returned values (poison from the unreachable block).
; RUN: opt %s --passes unify-exits
define i32 @f(i32 %x) {
entry:
  %c = icmp slt i32 %x, 0
  br i1 %c, label %neg, label %pos
neg:
  ret i32 -1
pos:
  %z = icmp eq i32 %x, 0
  br i1 %z, label %zero, label %big
zero:
  ret i32 0
big:
  call void @abort()
  unreachable
}
declare void @abort()

; CHECK-LABEL: define i32 @f(i32 %x) {
; CHECK: entry:
; CHECK:   %c = icmp slt i32 %x, 0
; CHECK:   br i1 %c, label %neg, label %pos
; CHECK: neg:
; CHECK:   br label %UnifiedReturnBlock
; CHECK: pos:
; CHECK:   %z = icmp eq i32 %x, 0
; CHECK:   br i1 %z, label %zero, label %big
; CHECK: zero:
; CHECK:   br label %UnifiedReturnBlock
; CHECK: big:
; CHECK:   call void @abort()
; CHECK:   br label %UnifiedReturnBlock
; CHECK: UnifiedReturnBlock:
; CHECK:   %UnifiedRetVal = phi i32 [ -1, %neg ], [ 0, %zero ], [ poison, %big ]
; CHECK:   ret i32 %UnifiedRetVal
; CHECK: }
