; ARCHITECTURE §5 (llvm#210695): %v is updated on one back edge only; the rebuilt header phi must carry %v itself (not undef) from the other.
; RUN: opt %s --passes structurizecfg --verify-structured
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @onebackedge(ptr %p, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %upd ], [ %i.next, %keep ]
  %v = phi i32 [ 7, %entry ], [ %v.new, %upd ], [ %v, %keep ]
  %i.next = add i32 %i, 1
  %odd = and i32 %i, 1
  %c = icmp eq i32 %odd, %t
  br i1 %c, label %upd, label %keep
upd:
  %v.new = add i32 %v, %i
  %m1 = icmp slt i32 %i.next, %n
  br i1 %m1, label %header, label %exit
keep:
  %m2 = icmp slt i32 %i.next, %n
  br i1 %m2, label %header, label %exit
exit:
  %r = phi i32 [ %v.new, %upd ], [ %v, %keep ]
  store i32 %r, ptr %p
  ret void
}

; CHECK-LABEL: define void @onebackedge(ptr %p, i32 %n) {
; CHECK: entry:
; CHECK: br label %header
; CHECK: header:
; CHECK: br i1 %c.inv, label %keep, label %Flow
; CHECK: Flow:
; CHECK: %0 = phi i1 [ true, %header ], [ %m2.inv, %keep ]
; CHECK: %1 = phi i1 [ true, %header ], [ false, %keep ]
; CHECK: br i1 %1, label %upd, label %Flow.1
; CHECK: upd:
; CHECK: br label %Flow.1
; CHECK: keep:
; CHECK: br label %Flow
; CHECK: Flow.1:
; CHECK: %5 = phi i1 [ %0, %Flow ], [ %m1.inv, %upd ]
; CHECK: br i1 %5, label %exit, label %header
; CHECK: exit:
; CHECK: ret void
