; if / else-if / else on the thread id: a chain of Flow blocks, each with an i1 phi and a conditional branch.
; RUN: opt %s --passes structurizecfg --verify-structured
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @chain(ptr %p) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c1 = icmp eq i32 %t, 0
  br i1 %c1, label %a, label %test2
test2:
  %c2 = icmp eq i32 %t, 1
  br i1 %c2, label %b, label %c
a:
  br label %merge
b:
  br label %merge
c:
  br label %merge
merge:
  %v = phi i32 [ 10, %a ], [ 20, %b ], [ 30, %c ]
  store i32 %v, ptr %p
  ret void
}

; CHECK-LABEL: define void @chain(ptr %p) {
; CHECK: entry:
; CHECK: br i1 %c1.inv, label %test2, label %Flow
; CHECK: test2:
; CHECK: br i1 %c2.inv, label %c, label %Flow.1
; CHECK: Flow:
; CHECK: %0 = phi i1 [ true, %entry ], [ false, %Flow.1 ], [ false, %b ]
; CHECK: br i1 %0, label %a, label %merge
; CHECK: a:
; CHECK: br label %merge
; CHECK: Flow.1:
; CHECK: %2 = phi i1 [ true, %test2 ], [ false, %c ]
; CHECK: br i1 %2, label %b, label %Flow
; CHECK: b:
; CHECK: br label %Flow
; CHECK: c:
; CHECK: br label %Flow.1
; CHECK: merge:
; CHECK: ret void
