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
