; `lsr-max-ivs=1`: of three profitable groups the one with the most addresses (a[], read at i and i+1) gets
; the only IV; b[] and c[] keep their index arithmetic. A loop with two latches (a `continue` back edge) is
; left alone: there is no single place to step a new IV.
; RUN: opt %s --passes lsr --knob lsr-max-ivs=1

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @limit(ptr %a, ptr %b, ptr %c, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i1 = add nsw i32 %i, 1
  %x1 = sext i32 %i1 to i64
  %pb = getelementptr inbounds float, ptr %b, i64 %x1
  store float 1.0, ptr %pb, align 4
  %x0 = sext i32 %i to i64
  %pa0 = getelementptr inbounds float, ptr %a, i64 %x0
  %pa1 = getelementptr inbounds float, ptr %a, i64 %x1
  %v = load float, ptr %pa0, align 4
  store float %v, ptr %pa1, align 4
  %pc = getelementptr inbounds float, ptr %c, i64 %x1
  store float 2.0, ptr %pc, align 4
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

define ptx_kernel void @two_latches(ptr %a, i32 %n, i1 %skip) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ], [ %i.next, %cont ]
  %i1 = add nsw i32 %i, 1
  %x1 = sext i32 %i1 to i64
  %p = getelementptr inbounds float, ptr %a, i64 %x1
  %i.next = add nsw i32 %i, 1
  br i1 %skip, label %cont, label %body

cont:
  br label %loop

body:
  store float 1.0, ptr %p, align 4
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @limit
; CHECK: %lsr.iv = phi ptr [ %a, %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NOT: %lsr.iv1
; CHECK: %pb = getelementptr inbounds float, ptr %b, i64 %x1
; CHECK: %pa1 = getelementptr i8, ptr %lsr.iv, i64 4
; CHECK-NEXT: %v = load float, ptr %lsr.iv, align 4
; CHECK-NEXT: store float %v, ptr %pa1, align 4
; CHECK-NEXT: %pc = getelementptr inbounds float, ptr %c, i64 %x1
; CHECK-LABEL: define ptx_kernel void @two_latches
; CHECK-NOT: lsr.iv
; CHECK: %p = getelementptr inbounds float, ptr %a, i64 %x1
; CHECK-NOT: lsr.iv
; CHECK: ret void
