; Widening needs a non-wrapping narrow recurrence: with a plain `add` increment (it may wrap) the sext'd index
; is not affine, and a plain `add` of the IV and 1 under the sext is not either: nothing changes. With `nsw`
; on both (the second function) the loop is reduced.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @wraps(ptr %a, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i1 = add nsw i32 %i, 1
  %idx = sext i32 %i1 to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  store float 0.0, ptr %p, align 4
  %i.next = add i32 %i, 2
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define ptx_kernel void @inner_wraps(ptr %a, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i1 = add i32 %i, 1
  %idx = sext i32 %i1 to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  store float 0.0, ptr %p, align 4
  %i.next = add nsw i32 %i, 2
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define ptx_kernel void @no_wrap(ptr %a, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i1 = add nsw i32 %i, 1
  %idx = sext i32 %i1 to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  store float 0.0, ptr %p, align 4
  %i.next = add nsw i32 %i, 2
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @wraps
; CHECK-NOT: lsr.iv
; CHECK: %idx = sext i32 %i1 to i64
; CHECK-NEXT: %p = getelementptr inbounds float, ptr %a, i64 %idx
; CHECK-LABEL: define ptx_kernel void @inner_wraps
; CHECK-NOT: lsr.iv
; CHECK: %idx = sext i32 %i1 to i64
; CHECK-NEXT: %p = getelementptr inbounds float, ptr %a, i64 %idx
; CHECK-LABEL: define ptx_kernel void @no_wrap
; CHECK: %lsr.iv = phi ptr [ %0, %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NEXT: store float 0.000000e+00, ptr %lsr.iv, align 4
; CHECK: %lsr.iv.next = getelementptr i8, ptr %lsr.iv, i64 8
