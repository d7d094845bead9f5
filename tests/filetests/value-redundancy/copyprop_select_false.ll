; copyprop: `select i1 %a, i1 %b, i1 false` (a logical and) used to become five predicate instructions
; including `setp.ne.s32 %p, 0, 0`; the predicate folding removes the constants and what they feed, and
; absorption makes the logical or's `a | (!a & b)` `a | b` (19 predicate instructions become 4 here).
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %x, i32 %y) {
  %a = icmp slt i32 %x, 10
  %b = icmp sgt i32 %y, 3
  %c = select i1 %a, i1 %b, i1 false
  %d = select i1 %a, i1 true, i1 %b
  %e = select i1 true, i1 %c, i1 %d
  %v = select i1 %e, i32 %x, i32 %y
  %w = select i1 %d, i32 %v, i32 7
  store i32 %w, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK-NOT: setp.ne.s32 {{%p[0-9]+}}, 0, 0;
; CHECK-NOT: setp.ne.s32 {{%p[0-9]+}}, 1, 0;
; CHECK: setp.lt.s32
; CHECK-NEXT: setp.gt.s32
; CHECK-NEXT: and.pred {{%p[0-9]+}}, %p1, %p2;
; CHECK-NEXT: or.pred {{%p[0-9]+}}, %p1, %p2;
; CHECK-NEXT: selp.b32
; CHECK-NEXT: selp.b32
; CHECK-NEXT: st.global.u32
