; lsr: a counter read only by its increment and the latch test against an invariant bound counts down to zero
; (LLVM LSR's form): %k = phi [0], [%k - 1] starts at %n, and %k.next == %n becomes %k.next == 0, so %n dies at
; the loop's entry (its other reader, the guard, comes before the loop). A start other than 0 is subtracted in
; the preheader; a step of 2 becomes -2; nsw is dropped. Left alone: a constant bound (nothing to free), a
; counter read by anything else, a bound read after the loop, and an inner loop's bound from outside the outer loop.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @repeat(ptr addrspace(1) %p, i32 %n) {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %v = load volatile i32, ptr addrspace(1) %p, align 4
  %w = add i32 %v, 1
  store volatile i32 %w, ptr addrspace(1) %p, align 4
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @repeat(
; CHECK: %k = phi i32 [ %n, %entry ], [ %k.next, %loop ]
; CHECK: %k.next = add i32 %k, -1
; CHECK-NEXT: %done = icmp eq i32 %k.next, 0

define ptx_kernel void @start_step(ptr addrspace(1) %p, i32 %s, i32 %n) {
entry:
  br label %loop
loop:
  %k = phi i32 [ %s, %entry ], [ %k.next, %loop ]
  store volatile i32 0, ptr addrspace(1) %p, align 4
  %k.next = add nsw i32 %k, 2
  %done = icmp ne i32 %k.next, %n
  br i1 %done, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @start_step(
; CHECK: [[S:%[0-9a-z.]+]] = sub i32 %n, %s
; CHECK-NEXT: br label %loop
; CHECK: %k = phi i32 [ [[S]], %entry ], [ %k.next, %loop ]
; CHECK: %k.next = add i32 %k, -2
; CHECK-NEXT: %done = icmp ne i32 %k.next, 0

define ptx_kernel void @const_bound(ptr addrspace(1) %p) {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  store volatile i32 0, ptr addrspace(1) %p, align 4
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, 100
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @const_bound(
; CHECK: %k.next = add i32 %k, 1
; CHECK-NEXT: %done = icmp eq i32 %k.next, 100

define ptx_kernel void @counter_read(ptr addrspace(1) %p, i32 %n) {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  store volatile i32 %k, ptr addrspace(1) %p, align 4
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @counter_read(
; CHECK: %k.next = add i32 %k, 1
; CHECK-NEXT: %done = icmp eq i32 %k.next, %n

define ptx_kernel void @bound_after(ptr addrspace(1) %p, i32 %n) {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  store volatile i32 0, ptr addrspace(1) %p, align 4
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  store i32 %n, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @bound_after(
; CHECK: %k.next = add i32 %k, 1
; CHECK-NEXT: %done = icmp eq i32 %k.next, %n

define ptx_kernel void @outer_bound(ptr addrspace(1) %p, i32 %n, i32 %m) {
entry:
  br label %outer
outer:
  %o = phi i32 [ 0, %entry ], [ %o.next, %outer.latch ]
  br label %inner
inner:
  %k = phi i32 [ 0, %outer ], [ %k.next, %inner ]
  store volatile i32 0, ptr addrspace(1) %p, align 4
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %outer.latch, label %inner
outer.latch:
  %o.next = add i32 %o, 1
  %odone = icmp eq i32 %o.next, %m
  br i1 %odone, label %exit, label %outer
exit:
  ret void
}

; The inner bound %n comes from outside the outer loop, which reads it at every entry of the inner loop: the
; inner counter is left alone; the outer one counts down.
; CHECK-LABEL: define ptx_kernel void @outer_bound(
; CHECK: %o = phi i32 [ %m, %entry ]
; CHECK: %k.next = add i32 %k, 1
; CHECK-NEXT: %done = icmp eq i32 %k.next, %n
; CHECK: %o.next = add i32 %o, -1
; CHECK-NEXT: %odone = icmp eq i32 %o.next, 0
