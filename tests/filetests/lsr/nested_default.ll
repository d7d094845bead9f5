; By default a loop of a nest gets no new induction variables (lsr's module doc, "Loop nests"): the matmul row of
; nested.ll keeps its index arithmetic in both loops (ptxas' own strength reduction of the nest's IMAD.WIDE
; addresses is shorter than 64-bit pointer IVs carried through the inner loop and set up per outer iteration).
; RUN: opt %s --passes lsr

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

; CHECK-NOT: lsr.iv
; CHECK: define ptx_kernel void @rows(
; CHECK-NOT: phi ptr
; CHECK: ret void
