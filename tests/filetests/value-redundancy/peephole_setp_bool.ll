; peephole: `and/or/xor.pred d, p, q` where `p` is a setp read only there becomes the combining form
; `setp.CMP.OP.T d, a, b, q` (PTX's BoolOp setp): one instruction instead of two. A setp with another
; reader (here the selp) stays and is combined with nothing.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, i32 %a, i32 %b, i32 %c, float %x, float %y) {
  %lt = icmp slt i32 %a, %b
  %gt = icmp sgt i32 %a, %c
  %both = and i1 %lt, %gt
  %fo = fcmp olt float %x, %y
  %either = or i1 %both, %fo
  %u = icmp ult i32 %b, 7
  %flip = xor i1 %either, %u
  %r = zext i1 %flip to i32
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK: setp.{{lt|gt}}.s32 [[P1:%p[0-9]+]], [[A:%r[0-9]+]], {{%r[0-9]+}};
; CHECK-NEXT: setp.{{lt|gt}}.and.s32 [[P2:%p[0-9]+]], [[A]], {{%r[0-9]+}}, [[P1]];
; CHECK: setp.lt.or.f32 [[P3:%p[0-9]+]], {{%f[0-9]+}}, {{%f[0-9]+}}, [[P2]];
; CHECK: setp.lt.xor.u32 [[P4:%p[0-9]+]], {{%r[0-9]+}}, 7, [[P3]];
; CHECK-NOT: and.pred
; CHECK-NOT: or.pred
; CHECK-NOT: xor.pred

define ptx_kernel void @two_readers(ptr addrspace(1) %p, i32 %a, i32 %b, i32 %c) {
  %lt = icmp slt i32 %a, %b
  %gt = icmp sgt i32 %a, %c
  %lt2 = icmp slt i32 %b, %c
  %both = and i1 %lt, %gt
  %both2 = and i1 %lt, %lt2
  %s = select i1 %both, i32 %a, i32 %b
  %t = select i1 %both2, i32 %s, i32 %c
  store i32 %t, ptr addrspace(1) %p, align 4
  ret void
}

; The shared %lt is read by both ands: each and fuses its own single-use setp instead.
; CHECK-LABEL: .entry two_readers(
; CHECK: setp.lt.s32 [[L:%p[0-9]+]],
; CHECK: setp.gt.and.s32 {{%p[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, [[L]];
; CHECK: setp.lt.and.s32 {{%p[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, [[L]];

define ptx_kernel void @loop_invariant(ptr addrspace(3) %s, i32 %k, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bit = and i32 %tid, %k
  %even = icmp eq i32 %bit, 0
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i32, ptr addrspace(3) %s, i32 %i
  %v = load i32, ptr addrspace(3) %p, align 4
  %big = icmp sgt i32 %v, %n
  %both = and i1 %even, %big
  %w = select i1 %both, i32 %v, i32 %n
  store i32 %w, ptr addrspace(3) %p, align 4
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The setp of %even is outside the loop, the and inside: fusing it would move the comparison into the loop and
; keep its register operand (tid & k) live through the loop instead of one predicate, so the setp stays where
; it is and the setp inside the loop (same block as the and) is the one fused.
; CHECK-LABEL: .entry loop_invariant(
; CHECK: setp.eq.s32 [[E:%p[0-9]+]], {{%r[0-9]+}}, 0;
; CHECK: $L__BB
; CHECK: setp.gt.and.s32 {{%p[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, [[E]];
