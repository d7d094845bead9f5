; An unused alloca goes, an alloca that is stored to stays; a value used only in an unreachable block dies with the block; a switch to a block that survives keeps its phi entries.
; RUN: opt %s --passes verify,dce

define i32 @f(i32 %x, i32 %s) {
entry:
  %unused = alloca [16 x i32], align 4
  %slot = alloca i32, align 4, addrspace(5)
  store i32 %x, ptr addrspace(5) %slot, align 4
  %only.dead.use = mul i32 %x, 3
  switch i32 %s, label %join [
    i32 1, label %one
    i32 2, label %join
  ]

one:
  br label %join

orphan:
  %use = add i32 %only.dead.use, 1
  br label %join

join:
  %p = phi i32 [ 0, %entry ], [ 1, %one ], [ %use, %orphan ], [ 0, %entry ]
  ret i32 %p
}

; CHECK-LABEL: define i32 @f(i32 %x, i32 %s) {
; CHECK-NEXT: entry:
; CHECK-NOT: %unused
; CHECK: %slot = alloca i32, align 4, addrspace(5)
; CHECK-NEXT:   store i32 %x, ptr addrspace(5) %slot, align 4
; CHECK-NOT: %only.dead.use
; CHECK:   switch i32 %s, label %join [
; CHECK-NEXT:     i32 1, label %one
; CHECK-NEXT:     i32 2, label %join
; CHECK-NEXT:   ]
; CHECK:      one:
; CHECK-NEXT:   br label %join
; CHECK-NOT: orphan
; CHECK:      join:
; CHECK-NEXT:   %p = phi i32 [ 0, %entry ], [ 1, %one ], [ 0, %entry ]
; CHECK-NEXT:   ret i32 %p
; CHECK-NEXT: }
