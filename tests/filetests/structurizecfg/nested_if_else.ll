; Nested divergent if/else: the inner diamond is a child region structured first; the outer one gets its own Flow.
; RUN: opt %s --passes structurizecfg --verify-structured
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @nested(ptr %p) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, 16
  br i1 %c, label %outer.then, label %outer.else
outer.then:
  %d = icmp slt i32 %t, 8
  br i1 %d, label %inner.then, label %inner.else
inner.then:
  br label %inner.join
inner.else:
  br label %inner.join
inner.join:
  %i = phi i32 [ 1, %inner.then ], [ 2, %inner.else ]
  br label %merge
outer.else:
  br label %merge
merge:
  %v = phi i32 [ %i, %inner.join ], [ 3, %outer.else ]
  store i32 %v, ptr %p
  ret void
}

; CHECK-LABEL: define void @nested(ptr %p) {
; CHECK: entry:
; CHECK: br i1 %c.inv, label %outer.else, label %Flow
; CHECK: Flow:
; CHECK: %0 = phi i1 [ true, %entry ], [ false, %outer.else ]
; CHECK: br i1 %0, label %outer.then, label %Flow.2
; CHECK: outer.then:
; CHECK: br i1 %d.inv, label %inner.else, label %Flow.1
; CHECK: Flow.1:
; CHECK: %2 = phi i1 [ true, %outer.then ], [ false, %inner.else ]
; CHECK: br i1 %2, label %inner.then, label %inner.join
; CHECK: inner.then:
; CHECK: br label %inner.join
; CHECK: inner.else:
; CHECK: br label %Flow.1
; CHECK: Flow.2:
; CHECK: br label %merge
; CHECK: inner.join:
; CHECK: br label %Flow.2
; CHECK: outer.else:
; CHECK: br label %Flow
; CHECK: merge:
; CHECK: ret void
