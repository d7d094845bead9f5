; A 2-D index: the inner loop over j reads a[i*n + j] (the row offset i*n is invariant) and b[j*n + c] (stride
; n elements, invariant but not constant). a[] gets one IV stepping by 4 bytes that starts at a + 4*sext(i*n);
; b[] one stepping by 4*sext(n) bytes; the mul/add/sext chains leave the loop.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @rowcol(ptr %a, ptr %b, ptr %out, i32 %i, i32 %n, i32 %c) {
entry:
  %row = mul nsw i32 %i, %n
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %loop, label %exit

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %ia = add nsw i32 %row, %j
  %ia64 = sext i32 %ia to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %ia64
  %x = load float, ptr %pa, align 4
  %jn = mul nsw i32 %j, %n
  %ib = add nsw i32 %jn, %c
  %ib64 = sext i32 %ib to i64
  %pb = getelementptr inbounds float, ptr %b, i64 %ib64
  %y = load float, ptr %pb, align 4
  %acc.next = fadd float %acc, %x
  %j.next = add nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  store float %r, ptr %out, align 4
  ret void
}

; CHECK-LABEL: entry:
; CHECK-NEXT: %row = mul nsw i32 %i, %n
; CHECK-NEXT: %go = icmp sgt i32 %n, 0
; CHECK-NEXT: %0 = sext i32 %row to i64
; CHECK-NEXT: %1 = shl i64 %0, 2
; CHECK-NEXT: %2 = getelementptr i8, ptr %a, i64 %1
; CHECK-NEXT: %3 = sext i32 %c to i64
; CHECK-NEXT: %4 = shl i64 %3, 2
; CHECK-NEXT: %5 = getelementptr i8, ptr %b, i64 %4
; CHECK-NEXT: %6 = sext i32 %n to i64
; CHECK-NEXT: %7 = shl i64 %6, 2
; CHECK-NEXT: br i1 %go, label %loop, label %exit
; CHECK-LABEL: loop:
; CHECK-NEXT: %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
; CHECK-NEXT: %acc = phi float
; CHECK-NEXT: %lsr.iv = phi ptr [ %2, %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NEXT: %lsr.iv1 = phi ptr [ %5, %entry ], [ %lsr.iv1.next, %loop ]
; CHECK-NEXT: %x = load float, ptr %lsr.iv, align 4
; CHECK-NEXT: %y = load float, ptr %lsr.iv1, align 4
; CHECK-NEXT: %acc.next = fadd float %acc, %x
; CHECK-NEXT: %j.next = add nsw i32 %j, 1
; CHECK-NEXT: %more = icmp slt i32 %j.next, %n
; CHECK-NEXT: %lsr.iv.next = getelementptr i8, ptr %lsr.iv, i64 4
; CHECK-NEXT: %lsr.iv1.next = getelementptr i8, ptr %lsr.iv1, i64 %7
; CHECK-NEXT: br i1 %more, label %loop, label %exit
