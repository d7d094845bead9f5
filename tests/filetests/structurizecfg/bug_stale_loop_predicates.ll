; ARCHITECTURE §5 (PR#217737): a loop under a divergent condition with two exits; the loop Flow's back edge (false) returns to the header.
; RUN: opt %s --passes structurizecfg --verify-structured
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @stale(ptr %p, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, 16
  br i1 %c, label %header, label %merge
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %i.next = add i32 %i, 1
  %e = icmp eq i32 %i, %t
  br i1 %e, label %x1, label %latch
latch:
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %header, label %x2
x1:
  br label %merge
x2:
  br label %merge
merge:
  %r = phi i32 [ -1, %entry ], [ %i, %x1 ], [ %i.next, %x2 ]
  store i32 %r, ptr %p
  ret void
}

; CHECK-LABEL: define void @stale(ptr %p, i32 %n) {
; CHECK: entry:
; CHECK: br i1 %c, label %header, label %merge
; CHECK: header:
; CHECK: br i1 %e.inv, label %latch, label %Flow.1
; CHECK: latch:
; CHECK: br label %Flow.1
; CHECK: Flow:
; CHECK: %0 = phi i1 [ %3, %Flow.2 ], [ %3, %x2 ]
; CHECK: br i1 %0, label %x1, label %merge
; CHECK: x1:
; CHECK: br label %merge
; CHECK: Flow.1:
; CHECK: %2 = phi i1 [ true, %header ], [ %more.inv, %latch ]
; CHECK: %3 = phi i1 [ true, %header ], [ false, %latch ]
; CHECK: %4 = phi i1 [ false, %header ], [ %more.inv, %latch ]
; CHECK: br i1 %2, label %Flow.2, label %header
; CHECK: Flow.2:
; CHECK: %6 = phi i1 [ %4, %Flow.1 ]
; CHECK: br i1 %6, label %x2, label %Flow
; CHECK: x2:
; CHECK: br label %Flow
; CHECK: merge:
; CHECK: ret void
