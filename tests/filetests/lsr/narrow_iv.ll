; Integer chains that are affine in the IV but cannot become pointer IVs (the final add has no nsw, so its sext
; is not widened) become IVs of their own width: idx = (i + r) * n + c is `lsr.iv = phi i32`, started at
; r * n + c in the preheader and stepped by n, and the add/mul/add chain is gone (the sext and the address
; stay, as llc leaves them). Left alone: the same chain in a block that does not run on every iteration (@cond),
; and a chain whose only instructions besides the IV are additions of constants (@consts), which later passes
; common or fold into the address anyway.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %a, i32 %r, i32 %n, i32 %c, i32 %m) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %row = add nuw nsw i32 %i, %r
  %t = mul nsw i32 %row, %n
  %idx = add i32 %t, %c
  %w = sext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %m
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: entry:
; CHECK-NEXT: [[RN:%[0-9]+]] = mul i32 %r, %n
; CHECK-NEXT: [[S:%[0-9]+]] = add i32 [[RN]], %c
; CHECK-LABEL: loop:
; CHECK-NEXT: %i = phi i32
; CHECK-NEXT: %lsr.iv = phi i32 [ [[S]], %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NEXT: %w = sext i32 %lsr.iv to i64
; CHECK-NEXT: %p = getelementptr inbounds float, ptr %a, i64 %w
; CHECK: %lsr.iv.next = add i32 %lsr.iv, %n
; CHECK-NEXT: br i1 %more

define ptx_kernel void @cond(ptr %a, i32 %r, i32 %n, i32 %c, i32 %m) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %odd = trunc i32 %i to i1
  br i1 %odd, label %body, label %latch

body:
  %row = add nuw nsw i32 %i, %r
  %t = mul nsw i32 %row, %n
  %idx = add i32 %t, %c
  %w = sext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  br label %latch

latch:
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %m
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @cond(
; CHECK-NOT: lsr.iv
; CHECK: %t = mul nsw i32 %row, %n

define ptx_kernel void @consts(ptr %a, i32 %g, i32 %m) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %j = add i32 %i, 5
  %idx = add i32 %j, %g
  %w = sext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %m
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @consts(
; CHECK-NOT: lsr.iv
; CHECK: %idx = add i32 %j, %g
