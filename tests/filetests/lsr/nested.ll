; Nested loops (a matmul row): the inner loop walks a[i*n + k] with one IV; its start pointer, computed in the
; inner preheader, is affine in the outer IV i and becomes the outer loop's own pointer IV (stride 4*n bytes),
; so neither loop multiplies. out[i] (uniform) gets the outer loop's second pointer IV. (IVs in nests are off by
; default, see nested_default.ll; lsr-nests turns them on.)
; RUN: opt %s --passes lsr --knob lsr-nests=true

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @rows(ptr %a, ptr %out, i32 %m, i32 %n) {
entry:
  %go = icmp sgt i32 %m, 0
  br i1 %go, label %outer, label %exit

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %row = mul nsw i32 %i, %n
  br label %inner

inner:
  %k = phi i32 [ 0, %outer ], [ %k.next, %inner ]
  %acc = phi float [ 0.0, %outer ], [ %acc.next, %inner ]
  %ia = add nsw i32 %row, %k
  %ia64 = sext i32 %ia to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %ia64
  %x = load float, ptr %pa, align 4
  %acc.next = fadd float %acc, %x
  %k.next = add nsw i32 %k, 1
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %inner, label %latch

latch:
  %i64 = sext i32 %i to i64
  %po = getelementptr inbounds float, ptr %out, i64 %i64
  store float %acc.next, ptr %po, align 4
  %i.next = add nsw i32 %i, 1
  %again = icmp slt i32 %i.next, %m
  br i1 %again, label %outer, label %exit

exit:
  ret void
}

; CHECK-LABEL: entry:
; CHECK: %0 = sext i32 %n to i64
; CHECK-NEXT: %1 = shl i64 %0, 2
; CHECK: br i1 %go, label %outer, label %exit
; CHECK-LABEL: outer:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
; CHECK-NEXT: %lsr.iv1 = phi ptr [ %a, %entry ], [ %lsr.iv1.next, %latch ]
; CHECK-NEXT: %lsr.iv2 = phi ptr [ %out, %entry ], [ %lsr.iv2.next, %latch ]
; CHECK-NEXT: br label %inner
; CHECK-LABEL: inner:
; CHECK-NEXT: %k = phi i32 [ 0, %outer ], [ %k.next, %inner ]
; CHECK-NEXT: %acc = phi float
; CHECK-NEXT: %lsr.iv = phi ptr [ %lsr.iv1, %outer ], [ %lsr.iv.next, %inner ]
; CHECK-NEXT: %x = load float, ptr %lsr.iv, align 4
; CHECK: %lsr.iv.next = getelementptr i8, ptr %lsr.iv, i64 4
; CHECK-LABEL: latch:
; CHECK-NOT: mul
; CHECK: store float %acc.next, ptr %lsr.iv2, align 4
; CHECK: %lsr.iv1.next = getelementptr i8, ptr %lsr.iv1, i64 %1
; CHECK-NEXT: %lsr.iv2.next = getelementptr i8, ptr %lsr.iv2, i64 4
; CHECK-NEXT: br i1 %again, label %outer, label %exit
