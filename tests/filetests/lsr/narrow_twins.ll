; An unrolled body repeats `i << 10` per copy (clang's unroller leaves `shl nsw` in the first copy and plain `shl`
; in the others), and each copy's index is `(i << 10 | 1024·j) + g`. Deleting one copy's `shl` saves nothing:
; value numbering keeps one `shl` for the other copies. So a copy's chain saves only its final `add` (the `or` of
; a constant is not counted either), which is not worth an IV: no `lsr.iv` is made, and instruction selection
; addresses every copy from one base with the constant folded into the offset. The first copy's index is
; widened exactly (`shl nsw`, `add nsw`) and gets a pointer IV. A chain with a `shl` of its own (@alone, `i << 11`)
; still becomes an integer IV.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @twins(ptr %a, i32 %g, i32 %m, ptr %out) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc3, %loop ]
  %s0 = shl nsw i32 %i, 10
  %x0 = add nsw i32 %s0, %g
  %w0 = sext i32 %x0 to i64
  %p0 = getelementptr inbounds i32, ptr %a, i64 %w0
  %v0 = load i32, ptr %p0, align 4
  %acc1 = add i32 %v0, %acc
  %s1 = shl i32 %i, 10
  %o1 = or disjoint i32 %s1, 1024
  %x1 = add nsw i32 %o1, %g
  %w1 = sext i32 %x1 to i64
  %p1 = getelementptr inbounds i32, ptr %a, i64 %w1
  %v1 = load i32, ptr %p1, align 4
  %acc2 = add i32 %v1, %acc1
  %s2 = shl i32 %i, 10
  %o2 = or disjoint i32 %s2, 2048
  %x2 = add nsw i32 %o2, %g
  %w2 = sext i32 %x2 to i64
  %p2 = getelementptr inbounds i32, ptr %a, i64 %w2
  %v2 = load i32, ptr %p2, align 4
  %acc3 = add i32 %v2, %acc2
  %i.next = add nuw nsw i32 %i, 4
  %more = icmp slt i32 %i.next, %m
  br i1 %more, label %loop, label %exit

exit:
  store i32 %acc3, ptr %out, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @twins(
; CHECK-LABEL: loop:
; CHECK-NOT: %lsr.iv{{[0-9]*}} = phi i32
; CHECK: %lsr.iv = phi ptr
; CHECK-NOT: = phi i32
; CHECK: %o1 = or disjoint i32
; CHECK: %x1 = add nsw i32 %o1, %g
; CHECK: %x2 = add nsw i32 %o2, %g
; CHECK-LABEL: exit:

define ptx_kernel void @alone(ptr %a, i32 %g, i32 %m) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s1 = shl i32 %i, 11
  %o1 = or disjoint i32 %s1, 1024
  %x1 = add nsw i32 %o1, %g
  %w1 = sext i32 %x1 to i64
  %p1 = getelementptr inbounds i32, ptr %a, i64 %w1
  store i32 0, ptr %p1, align 4
  %i.next = add nuw nsw i32 %i, 4
  %more = icmp slt i32 %i.next, %m
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @alone(
; CHECK: %lsr.iv = phi i32
; CHECK: %w1 = sext i32 %lsr.iv to i64
