; A loop whose exit depends on the thread id: its end is a Flow block, true = leave the loop, false = back edge (seed 003).
; RUN: opt %s --passes structurizecfg --verify-structured
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @dloop(ptr %p, ptr %q) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %i.next = add i32 %i, 1
  %done = icmp uge i32 %i.next, %t
  br i1 %done, label %exit, label %body
body:
  store i32 %i, ptr %q
  br label %loop
exit:
  store i32 %i.next, ptr %p
  ret void
}

; CHECK-LABEL: define void @dloop(ptr %p, ptr %q) {
; CHECK: entry:
; CHECK: br label %loop
; CHECK: loop:
; CHECK: br i1 %done.inv, label %body, label %Flow
; CHECK: body:
; CHECK: br label %Flow
; CHECK: Flow:
; CHECK: %0 = phi i1 [ true, %loop ], [ false, %body ]
; CHECK: br i1 %0, label %exit, label %loop
; CHECK: exit:
; CHECK: ret void
