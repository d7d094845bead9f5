; Constant branch folded (the dead side and its phi entry go), empty forwarding block bypassed, br c, X, X folded with its duplicate phi entry, straight-line blocks merged.
; RUN: opt %s --passes simplifycfg
define i32 @f(i32 %x) {
entry:
  br i1 true, label %a, label %b
a:
  br label %fwd
b:
  br label %join
fwd:
  br label %join
join:
  %p = phi i32 [ 1, %fwd ], [ 2, %b ]
  %c = icmp eq i32 %x, 0
  br i1 %c, label %same, label %same
same:
  %q = phi i32 [ %p, %join ], [ %p, %join ]
  ret i32 %q
}

; CHECK-LABEL: define i32 @f(i32 %x) {
; CHECK: entry:
; CHECK:   %c = icmp eq i32 %x, 0
; CHECK:   ret i32 1
; CHECK: }
