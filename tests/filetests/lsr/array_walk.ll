; A simple array walk: a[i] and a[i+1] share one pointer IV (the second is a constant offset from it); b[i]
; alone would cost one mad.wide, but it is uniform, so it gets its own IV too (ptxas keeps a uniform pointer IV
; in uniform registers, where the mad.wide needs b and i in vector registers; lsr/single_root.ll has the
; divergent case). The sext/shl chains are gone, the IV stays for the compare.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @walk(ptr %a, ptr %b, i32 %n) {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %idx = sext i32 %i to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %pa, align 4
  %i1 = add nsw i32 %i, 1
  %idx1 = sext i32 %i1 to i64
  %pa1 = getelementptr inbounds float, ptr %a, i64 %idx1
  %y = load float, ptr %pa1, align 4
  %s = fadd float %x, %y
  %pb = getelementptr inbounds float, ptr %b, i64 %idx
  store float %s, ptr %pb, align 4
  %i.next = add nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; CHECK-NEXT: %lsr.iv = phi ptr [ %a, %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NEXT: %lsr.iv1 = phi ptr [ %b, %entry ], [ %lsr.iv1.next, %loop ]
; CHECK-NEXT: %x = load float, ptr %lsr.iv, align 4
; CHECK-NEXT: %pa1 = getelementptr i8, ptr %lsr.iv, i64 4
; CHECK-NEXT: %y = load float, ptr %pa1, align 4
; CHECK-NEXT: %s = fadd float %x, %y
; CHECK-NEXT: store float %s, ptr %lsr.iv1, align 4
; CHECK-NEXT: %i.next = add nsw i32 %i, 1
; CHECK-NEXT: %c = icmp slt i32 %i.next, %n
; CHECK-NEXT: %lsr.iv.next = getelementptr i8, ptr %lsr.iv, i64 4
; CHECK-NEXT: %lsr.iv1.next = getelementptr i8, ptr %lsr.iv1, i64 4
; CHECK-NEXT: br i1 %c, label %loop, label %exit
