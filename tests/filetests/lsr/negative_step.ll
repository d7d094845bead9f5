; A loop counting down (`i -= 1`, and `sub nsw` for the second) walks the array backwards: the new IVs step by
; -4 and -8 bytes.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @down(ptr %a, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ %n, %entry ], [ %i.next, %loop ]
  %k = add nsw i32 %i, -1
  %idx = sext i32 %k to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  store float 1.0, ptr %p, align 4
  %i.next = add nsw i32 %i, -1
  %more = icmp sgt i32 %i.next, 0
  br i1 %more, label %loop, label %mid

mid:
  br label %loop2

loop2:
  %j = phi i32 [ %n, %mid ], [ %j.next, %loop2 ]
  %j2 = shl nsw i32 %j, 1
  %jdx = sext i32 %j2 to i64
  %q = getelementptr inbounds float, ptr %a, i64 %jdx
  store float 2.0, ptr %q, align 4
  %j.next = sub nsw i32 %j, 1
  %more2 = icmp sgt i32 %j.next, 0
  br i1 %more2, label %loop2, label %exit

exit:
  ret void
}

; CHECK-LABEL: entry:
; CHECK-NEXT: %0 = sext i32 %n to i64
; CHECK-NEXT: %1 = shl i64 %0, 2
; CHECK-NEXT: %2 = add i64 %1, -4
; CHECK-NEXT: %3 = getelementptr i8, ptr %a, i64 %2
; CHECK-LABEL: loop:
; CHECK: %lsr.iv = phi ptr [ %3, %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NEXT: store float 1.000000e+00, ptr %lsr.iv, align 4
; CHECK: %lsr.iv.next = getelementptr i8, ptr %lsr.iv, i64 -4
; CHECK-LABEL: mid:
; CHECK-NEXT: %4 = sext i32 %n to i64
; CHECK-NEXT: %5 = shl i64 %4, 3
; CHECK-NEXT: %6 = getelementptr i8, ptr %a, i64 %5
; CHECK-LABEL: loop2:
; CHECK: %lsr.iv1 = phi ptr [ %6, %mid ], [ %lsr.iv1.next, %loop2 ]
; CHECK-NEXT: store float 2.000000e+00, ptr %lsr.iv1, align 4
; CHECK: %lsr.iv1.next = getelementptr i8, ptr %lsr.iv1, i64 -8
