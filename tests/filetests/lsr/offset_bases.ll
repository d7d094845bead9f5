; Bases at constant distances from one pointer share its IV: clang writes the unrolled `a[i + k]` as
; `getelementptr float, ptr %ak, i64 i` with `%ak = getelementptr inbounds i8, ptr %a, i64 4k` hoisted out of the
; loop, so each access had a base of its own, one IV each up to lsr-max-ivs and a widening multiply per access
; past it. Seen through the offsets, the four accesses are one group: one IV, offsets 0, 4, 8 and 12
; (HeCBench's nbody accumulate_energy, unrolled by 8: 79 -> 59 SASS instructions on sm_90, llc-19 59).
; RUN: opt %s --passes lsr --knob lsr-report=1

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @sum4(ptr %a, ptr %out, i32 %n) {
entry:
  %a1 = getelementptr inbounds i8, ptr %a, i64 4
  %a2 = getelementptr inbounds i8, ptr %a, i64 8
  %a3 = getelementptr inbounds i8, ptr %a1, i64 8
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s3, %loop ]
  %w = zext nneg i32 %i to i64
  %p0 = getelementptr inbounds float, ptr %a, i64 %w
  %x0 = load float, ptr %p0, align 4
  %s0 = fadd float %s, %x0
  %p1 = getelementptr inbounds float, ptr %a1, i64 %w
  %x1 = load float, ptr %p1, align 4
  %s1 = fadd float %s0, %x1
  %p2 = getelementptr inbounds float, ptr %a2, i64 %w
  %x2 = load float, ptr %p2, align 4
  %s2 = fadd float %s1, %x2
  %p3 = getelementptr inbounds float, ptr %a3, i64 %w
  %x3 = load float, ptr %p3, align 4
  %s3 = fadd float %s2, %x3
  %i.next = add nuw nsw i32 %i, 4
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  store float %s3, ptr %out, align 4
  ret void
}

; ERR: remark: lsr: @sum4: loop %loop: 1 new IVs (1 uniform), 4 addresses rewritten
; CHECK-LABEL: loop:
; CHECK: %lsr.iv = phi ptr [ %a, %entry ], [ %lsr.iv.next, %loop ]
; CHECK: %x0 = load float, ptr %lsr.iv, align 4
; CHECK: %p1 = getelementptr i8, ptr %lsr.iv, i64 4
; CHECK: %p2 = getelementptr i8, ptr %lsr.iv, i64 8
; CHECK: %p3 = getelementptr i8, ptr %lsr.iv, i64 12
; CHECK-NOT: lsr.iv1
