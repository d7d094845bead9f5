; An address computed in the loop and used after it (the last element written is read again at the exit):
; the use after the loop sees the new IV's value of the last iteration, as it saw the old address's.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @last(ptr %a, ptr %out, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %j = add nsw i32 %i, 3
  %idx = sext i32 %j to i64
  %p = getelementptr inbounds i32, ptr %a, i64 %idx
  store i32 %i, ptr %p, align 4
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %out, align 4
  ret void
}

; CHECK-LABEL: entry:
; CHECK-NEXT: %0 = getelementptr i8, ptr %a, i64 12
; CHECK-LABEL: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; CHECK-NEXT: %lsr.iv = phi ptr [ %0, %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NEXT: store i32 %i, ptr %lsr.iv, align 4
; CHECK-LABEL: exit:
; CHECK-NEXT: %v = load i32, ptr %lsr.iv, align 4
