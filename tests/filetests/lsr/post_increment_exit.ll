; Item 6: a latch exit test `icmp eq/ne i, K` on the IV becomes a test of the incremented IV against K + c, so the
; old IV dies at its increment (no copy per iteration after SSA destruction). A constant K is folded, an
; invariant register K gets one add in the preheader; the increment loses nsw. Not done when the old IV is still
; used after the increment (@used_after) or outside the loop (@live_out), or for an ordered compare (@slt).
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @const_k(ptr addrspace(1) %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %i
  store i32 %i, ptr addrspace(1) %q, align 4
  %i.next = add nsw i32 %i, 1
  %done = icmp eq i32 %i, 99
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @const_k(
; CHECK: %i.next = add i32 %i, 1
; CHECK-NEXT: %done = icmp eq i32 %i.next, 100

define ptx_kernel void @reg_k(ptr addrspace(1) %p, i32 %n) {
entry:
  %k = and i32 %n, 7
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add i32 %i, 2
  %done = icmp ne i32 %k, %i
  br i1 %done, label %loop, label %exit
exit:
  store i32 %s.next, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @reg_k(
; CHECK: %k = and i32 %n, 7
; CHECK-NEXT: [[K2:%[0-9a-z.]+]] = add i32 %k, 2
; CHECK-NEXT: br label %loop
; CHECK: %done = icmp ne i32 [[K2]], %i.next

define ptx_kernel void @used_after(ptr addrspace(1) %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add nsw i32 %i, 1
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %i
  store i32 %i, ptr addrspace(1) %q, align 4
  %done = icmp eq i32 %i, 99
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @used_after(
; CHECK: %i.next = add nsw i32 %i, 1
; CHECK: %done = icmp eq i32 %i, 99

define ptx_kernel void @live_out(ptr addrspace(1) %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add nsw i32 %i, 1
  %done = icmp eq i32 %i, 99
  br i1 %done, label %exit, label %loop
exit:
  store i32 %i, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @live_out(
; CHECK: %done = icmp eq i32 %i, 99

define ptx_kernel void @slt(ptr addrspace(1) %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %i
  store i32 %i, ptr addrspace(1) %q, align 4
  %i.next = add nsw i32 %i, 1
  %done = icmp slt i32 %i, %n
  br i1 %done, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @slt(
; CHECK: %done = icmp slt i32 %i, %n
