; lsr: a loop counter that only feeds the exit test (what loop unrolling leaves for a remainder loop: %k counts
; 0..%n while %d steps from -%r) moves its test to the other IV with the same step: %k.next == %n becomes
; %d.next == %n + (-%r - 0), computed before the loop, and %k is deleted. %d.next loses nsw (it is read on the
; exiting iteration now). A counter with another use, or partner IVs with different steps, are left alone.
; (Counting down, lsr/count_down.ll, is off here: it would rewrite the counters this test leaves alone.)
; RUN: opt %s --passes lsr --knob lsr-count-down=false

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @remainder(ptr addrspace(1) %p, i32 %r, i32 %n) {
entry:
  %negr = sub nsw i32 0, %r
  br label %loop
loop:
  %d = phi i32 [ %negr, %entry ], [ %d.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s.next = add i32 %s, %d
  %d.next = add nsw i32 %d, 1
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  store i32 %s.next, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @remainder(
; CHECK: [[K:%[0-9a-z.]+]] = add i32 %n, %negr
; CHECK-NEXT: br label %loop
; CHECK-NOT: %k =
; CHECK: %d.next = add i32 %d, 1
; CHECK-NOT: %k.next
; CHECK: %done = icmp eq i32 %d.next, [[K]]

define ptx_kernel void @counter_used(ptr addrspace(1) %p, i32 %r, i32 %n) {
entry:
  br label %loop
loop:
  %d = phi i32 [ %r, %entry ], [ %d.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %k
  store i32 %d, ptr addrspace(1) %q, align 4
  %d.next = add nsw i32 %d, 1
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @counter_used(
; CHECK: %k.next = add i32 %k, 1
; CHECK: %done = icmp eq i32 %k.next, %n

define ptx_kernel void @other_step(ptr addrspace(1) %p, i32 %r, i32 %n) {
entry:
  br label %loop
loop:
  %d = phi i32 [ %r, %entry ], [ %d.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %d.next = add nsw i32 %d, 2
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  store i32 %d.next, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @other_step(
; CHECK: %k.next = add i32 %k, 1
; CHECK: %done = icmp eq i32 %k.next, %n
