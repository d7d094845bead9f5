; A loop with two back edges (from %a and %b): both move to one loop Flow block; the header phi gets one entry from it.
; RUN: opt %s --passes structurizecfg --verify-structured
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @backedges(ptr %p, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.a, %a ], [ %i.b, %b ]
  %c = icmp ult i32 %i, %t
  br i1 %c, label %a, label %b
a:
  %i.a = add i32 %i, 1
  %ca = icmp slt i32 %i.a, %n
  br i1 %ca, label %header, label %exit
b:
  %i.b = add i32 %i, 2
  %cb = icmp slt i32 %i.b, %n
  br i1 %cb, label %header, label %exit
exit:
  %r = phi i32 [ %i.a, %a ], [ %i.b, %b ]
  store i32 %r, ptr %p
  ret void
}

; CHECK-LABEL: define void @backedges(ptr %p, i32 %n) {
; CHECK: entry:
; CHECK: br label %header
; CHECK: header:
; CHECK: br i1 %c.inv, label %b, label %Flow
; CHECK: Flow:
; CHECK: %0 = phi i1 [ true, %header ], [ %cb.inv, %b ]
; CHECK: %1 = phi i1 [ true, %header ], [ false, %b ]
; CHECK: br i1 %1, label %a, label %Flow.1
; CHECK: a:
; CHECK: br label %Flow.1
; CHECK: b:
; CHECK: br label %Flow
; CHECK: Flow.1:
; CHECK: %4 = phi i1 [ %0, %Flow ], [ %ca.inv, %a ]
; CHECK: br i1 %4, label %exit, label %header
; CHECK: exit:
; CHECK: ret void
