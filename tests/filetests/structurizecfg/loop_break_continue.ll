; A divergent loop with a break (body -> exit) and a continue (cont -> header): one loop Flow with the back edge on the false side.
; RUN: opt %s --passes structurizecfg --verify-structured
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @loop(ptr %p, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ], [ %i.next, %cont ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ], [ %s, %cont ]
  %i.next = add i32 %i, 1
  %skip = icmp eq i32 %i, %t
  br i1 %skip, label %cont, label %body
cont:
  %cc = icmp slt i32 %i.next, %n
  br i1 %cc, label %header, label %exit
body:
  %s.next = add i32 %s, %i
  %brk = icmp sgt i32 %s.next, %t
  br i1 %brk, label %exit, label %latch
latch:
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %header, label %exit
exit:
  %r = phi i32 [ %s, %cont ], [ %s.next, %body ], [ %s.next, %latch ]
  store i32 %r, ptr %p
  ret void
}

; CHECK-LABEL: define void @loop(ptr %p, i32 %n) {
; CHECK: entry:
; CHECK: br label %header
; CHECK: header:
; CHECK: br i1 %skip.inv, label %body, label %Flow.1
; CHECK: Flow:
; CHECK: %0 = phi i1 [ true, %body ], [ %more.inv, %latch ]
; CHECK: br label %Flow.1
; CHECK: cont:
; CHECK: br label %Flow.2
; CHECK: body:
; CHECK: br i1 %brk.inv, label %latch, label %Flow
; CHECK: Flow.1:
; CHECK: %3 = phi i1 [ true, %header ], [ %0, %Flow ]
; CHECK: %4 = phi i1 [ true, %header ], [ false, %Flow ]
; CHECK: br i1 %4, label %cont, label %Flow.2
; CHECK: latch:
; CHECK: br label %Flow
; CHECK: Flow.2:
; CHECK: %8 = phi i1 [ %3, %Flow.1 ], [ %cc.inv, %cont ]
; CHECK: br i1 %8, label %exit, label %header
; CHECK: exit:
; CHECK: ret void
