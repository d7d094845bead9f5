; Several addresses with the same base and stride, differing by constants (an unrolled loop: a[i], a[i|1],
; a[i+2], a[i+3], with `or disjoint` as clang writes it) share one IV; each becomes the IV plus a constant
; byte offset that isel folds into [reg+imm]. A second array read at the same indices gets its own IV. The
; IV increments by 4 elements = 16 bytes.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @unrolled(ptr %a, ptr %b, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %s3, %loop ]
  %z0 = zext nneg i32 %i to i64
  %p0 = getelementptr inbounds float, ptr %a, i64 %z0
  %v0 = load float, ptr %p0, align 4
  %q0 = getelementptr inbounds float, ptr %b, i64 %z0
  %w0 = load float, ptr %q0, align 4
  %i1 = or disjoint i32 %i, 1
  %z1 = zext nneg i32 %i1 to i64
  %p1 = getelementptr inbounds float, ptr %a, i64 %z1
  %v1 = load float, ptr %p1, align 4
  %q1 = getelementptr inbounds float, ptr %b, i64 %z1
  %w1 = load float, ptr %q1, align 4
  %i2 = add nuw nsw i32 %i, 2
  %z2 = zext nneg i32 %i2 to i64
  %p2 = getelementptr inbounds float, ptr %a, i64 %z2
  %v2 = load float, ptr %p2, align 4
  %i3 = add nuw nsw i32 %i, 3
  %z3 = zext nneg i32 %i3 to i64
  %p3 = getelementptr inbounds float, ptr %a, i64 %z3
  %v3 = load float, ptr %p3, align 4
  %s0 = fadd float %acc, %v0
  %s1 = fadd float %s0, %v1
  %s2 = fadd float %s1, %v2
  %s3 = fadd float %s2, %v3
  %t = fadd float %w0, %w1
  store float %t, ptr %q0, align 4
  %i.next = add nuw nsw i32 %i, 4
  %c = icmp ult i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  store float %s3, ptr %a, align 4
  ret void
}

; CHECK-LABEL: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; CHECK-NEXT: %acc = phi float
; CHECK-NEXT: %lsr.iv = phi ptr [ %a, %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NEXT: %lsr.iv1 = phi ptr [ %b, %entry ], [ %lsr.iv1.next, %loop ]
; CHECK-NEXT: %v0 = load float, ptr %lsr.iv, align 4
; CHECK-NEXT: %w0 = load float, ptr %lsr.iv1, align 4
; CHECK-NEXT: %p1 = getelementptr i8, ptr %lsr.iv, i64 4
; CHECK-NEXT: %v1 = load float, ptr %p1, align 4
; CHECK-NEXT: %q1 = getelementptr i8, ptr %lsr.iv1, i64 4
; CHECK-NEXT: %w1 = load float, ptr %q1, align 4
; CHECK-NEXT: %p2 = getelementptr i8, ptr %lsr.iv, i64 8
; CHECK-NEXT: %v2 = load float, ptr %p2, align 4
; CHECK-NEXT: %p3 = getelementptr i8, ptr %lsr.iv, i64 12
; CHECK-NEXT: %v3 = load float, ptr %p3, align 4
; CHECK: store float %t, ptr %lsr.iv1, align 4
; CHECK: %lsr.iv.next = getelementptr i8, ptr %lsr.iv, i64 16
; CHECK-NEXT: %lsr.iv1.next = getelementptr i8, ptr %lsr.iv1, i64 16
; CHECK-NEXT: br i1 %c, label %loop, label %exit
