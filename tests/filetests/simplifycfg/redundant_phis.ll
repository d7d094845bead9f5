; A phi equal to another phi of its block on every edge, or poison/undef where they differ, is replaced by it:
; clang's runtime-unrolled loop leaves %r = phi [poison, %entry], [%x, %main] next to
; %x.lcssa = phi [%n, %entry], [%x, %main]. %s differs from %x.lcssa on the %main edge and stays; %u (undef on one
; edge, equal on the other) goes; %t has another type and stays.
; RUN: opt %s --passes simplifycfg
define i32 @f(i32 %n, i1 %c) {
entry:
  br i1 %c, label %tail, label %main
main:
  %i = phi i32 [ 0, %entry ], [ %i.next, %main ]
  %x = phi i32 [ %n, %entry ], [ %x.next, %main ]
  %x.next = mul i32 %x, 3
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 8
  br i1 %done, label %tail, label %main
tail:
  %r = phi i32 [ poison, %entry ], [ %x.next, %main ]
  %x.lcssa = phi i32 [ %n, %entry ], [ %x.next, %main ]
  %s = phi i32 [ poison, %entry ], [ %i.next, %main ]
  %u = phi i32 [ %n, %entry ], [ undef, %main ]
  %t = phi i64 [ poison, %entry ], [ 7, %main ]
  %a = add i32 %r, %x.lcssa
  %b = add i32 %a, %s
  %d = add i32 %b, %u
  %w = trunc i64 %t to i32
  %e = add i32 %d, %w
  ret i32 %e
}

; CHECK-LABEL: tail:
; CHECK-NOT: %r = phi
; CHECK: %x.lcssa = phi i32 [ %n, %entry ], [ %x.next, %main ]
; CHECK-NEXT: %s = phi i32 [ poison, %entry ], [ %i.next, %main ]
; CHECK-NEXT: %t = phi i64
; CHECK-NEXT: %a = add i32 %x.lcssa, %x.lcssa
; CHECK: %d = add i32 %b, %x.lcssa
