; Divergent if/else: the else side runs first, a Flow block with an i1 phi (true = take the then side) reconverges, the join keeps one phi entry per path.
; RUN: opt %s --passes structurizecfg --verify-structured
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
  ret void
}

; CHECK-LABEL: define void @diamond(ptr %p) {
; CHECK: entry:
; CHECK: br i1 %c.inv, label %else, label %Flow
; CHECK: Flow:
; CHECK: %0 = phi i1 [ true, %entry ], [ false, %else ]
; CHECK: br i1 %0, label %then, label %merge
; CHECK: then:
; CHECK: br label %merge
; CHECK: else:
; CHECK: br label %Flow
; CHECK: merge:
; CHECK: ret void
