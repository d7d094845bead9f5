; combine does not fuse a loop-invariant multiply (hoisted to the preheader) into an add inside the loop: the
; mad would execute as often as the add it replaces and keep both factors live through the loop. A multiply and
; add in the same loop still fuse (i * i + n: not affine, so lsr leaves the chain to combine).
; RUN: compile %s --mcpu sm_90 -O3

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, i32 %n, i32 %a, i32 %b) {
entry:
  %step = mul i32 %a, %b
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %sq = mul i32 %i, %i
  %v = add i32 %sq, %n
  %idx = zext i32 %i to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %idx
  store i32 %v, ptr addrspace(1) %q, align 4
  %i.next = add i32 %i, %step
  %done = icmp sge i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK: mul.lo.s32 [[STEP:%r[0-9]+]],
; CHECK: $L__BB0_{{[0-9]+}}:
; CHECK: mad.lo.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[STEP]];
