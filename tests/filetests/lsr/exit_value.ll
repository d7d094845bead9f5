; Exit values: a loop that only counts (`v += 1` n times, the shape of HeCBench's overlap incKernel) leaves
; through `icmp eq v.next, K` once lsr has moved the exit test onto `v`; the read of `v.next` after the loop then
; takes `K`, the loop computes nothing read after it, and ptxas deletes it (43 -> 30 SASS instructions, llc-19
; 29, sm_90). @stores has a store in the loop: its exit value stays (a copy of K on the exit edge would cost an
; instruction and save nothing).
; RUN: opt %s --passes lsr --knob lsr-report=1

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @count(ptr %out, i32 %v0, i32 %n) {
entry:
  %z = icmp sgt i32 %n, 0
  br i1 %z, label %loop, label %exit

loop:
  %v = phi i32 [ %v0, %entry ], [ %v.next, %loop ]
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %v.next = add nsw i32 %v, 1
  %j.next = add i32 %j, 1
  %c = icmp eq i32 %j.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ %v0, %entry ], [ %v.next, %loop ]
  store i32 %r, ptr %out, align 4
  ret void
}

define ptx_kernel void @stores(ptr %out, i32 %v0, i32 %n) {
entry:
  %z = icmp sgt i32 %n, 0
  br i1 %z, label %loop, label %exit

loop:
  %v = phi i32 [ %v0, %entry ], [ %v.next, %loop ]
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  store volatile i32 %v, ptr %out, align 4
  %v.next = add nsw i32 %v, 1
  %j.next = add i32 %j, 1
  %c = icmp eq i32 %j.next, %n
  br i1 %c, label %exit, label %loop

exit:
  %r = phi i32 [ %v0, %entry ], [ %v.next, %loop ]
  store i32 %r, ptr %out, align 4
  ret void
}

; ERR: remark: lsr: @count: loop %loop: exit test moved to another IV, counter deleted
; ERR-NEXT: remark: lsr: @count: loop %loop: 1 reads after the loop take the exit test's bound
; ERR: remark: lsr: @stores: loop %loop: exit test moved to another IV, counter deleted
; ERR-NOT: reads after the loop
; CHECK-LABEL: define ptx_kernel void @count(
; CHECK: [[K:%[a-z0-9.]+]] = add i32 %n, %v0
; CHECK: %c = icmp eq i32 %v.next, [[K]]
; CHECK: %r = phi i32 [ %v0, %entry ], [ [[K]], %loop ]
; CHECK-LABEL: define ptx_kernel void @stores(
; CHECK: %r = phi i32 [ %v0, %entry ], [ %v.next, %loop ]
