; structured-layout after structurizecfg: the structurized diamond (else first, Flow, then) is laid out entry, else, Flow, then, merge, so each body falls into the block after it (the structurizer left the layout entry, Flow, then, else, merge: a jump over else and one back to Flow); the loop keeps header before latch and its exit after. The result is still structured.
; RUN: opt %s --passes structurizecfg,structured-layout --verify-structured
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @diamond(ptr %p) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, 16
  br i1 %c, label %then, label %else
then:
  %a = add i32 %t, 1
  br label %merge
else:
  %b = mul i32 %t, 3
  br label %merge
merge:
  %v = phi i32 [ %a, %then ], [ %b, %else ]
  store i32 %v, ptr %p
  br label %loop
loop:
  %i = phi i32 [ 0, %merge ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %d = icmp slt i32 %i1, %t
  br i1 %d, label %loop, label %done
done:
  ret void
}

; CHECK-LABEL: define void @diamond(ptr %p) {
; CHECK: entry:
; CHECK: br i1 %c.inv, label %else, label %Flow
; CHECK-EMPTY:
; CHECK-NEXT: else:
; CHECK: br label %Flow
; CHECK-EMPTY:
; CHECK-NEXT: Flow:
; CHECK: br i1 %0, label %then, label %merge
; CHECK-EMPTY:
; CHECK-NEXT: then:
; CHECK: br label %merge
; CHECK-EMPTY:
; CHECK-NEXT: merge:
; CHECK: loop:
; CHECK: done:
; CHECK-NEXT: ret void
