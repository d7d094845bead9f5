; A search loop with two exits (a found element breaks out early, the bound ends it at the latch): one latch and
; one preheader, so it is reduced; both exits keep the original IV, which the result phi uses.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @find(ptr %a, ptr %out, i32 %n, float %key) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %next ]
  %i2 = shl nsw i32 %i, 1
  %idx = sext i32 %i2 to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %v = load float, ptr %p, align 4
  %hit = fcmp oeq float %v, %key
  br i1 %hit, label %found, label %next

next:
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done

found:
  br label %done

done:
  %r = phi i32 [ %i, %found ], [ -1, %next ]
  store i32 %r, ptr %out, align 4
  ret void
}

; CHECK-LABEL: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %next ]
; CHECK-NEXT: %lsr.iv = phi ptr [ %a, %entry ], [ %lsr.iv.next, %next ]
; CHECK-NEXT: %v = load float, ptr %lsr.iv, align 4
; CHECK-LABEL: next:
; CHECK-NEXT: %i.next = add nsw i32 %i, 1
; CHECK-NEXT: %more = icmp slt i32 %i.next, %n
; CHECK-NEXT: %lsr.iv.next = getelementptr i8, ptr %lsr.iv, i64 8
; CHECK-LABEL: done:
; CHECK-NEXT: %r = phi i32 [ %i, %found ], [ -1, %next ]
