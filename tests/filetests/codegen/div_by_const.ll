; Division and remainder by a constant become multiply-high sequences (Granlund-Montgomery, as llc does):
; ptxas expands div/rem into ~20 (32-bit) to ~70 (64-bit) SASS instructions. Measured with ptxas 13.5 -O3 on
; sm_90 for this kernel (closing self-branch counted): 42 SASS instructions (43 with the earlier signed plan that
; always added the numerator), 178 with --knob div-by-const=false, llc-19 41.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %x = load i32, ptr addrspace(1) %p, align 4
  %a = sdiv i32 %x, 7
  %b = urem i32 %x, 1000
  %s = add i32 %a, %b
  store i32 %s, ptr addrspace(1) %p, align 4
  %y = load i64, ptr addrspace(1) %q, align 8
  %c = srem i64 %y, 1000003
  %d = udiv i64 %y, 16
  %e = add i64 %c, %d
  store i64 %e, ptr addrspace(1) %q, align 8
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK-NOT: div.s32
; CHECK-NOT: rem.u32
; sdiv 7: the signed multiplier (its 32-bit pattern reads negative, so the numerator is added), shifted, plus
; the quotient's sign bit (reassociate may merge the adds).
; CHECK: mul.hi.s32 [[H:%r[0-9]+]], [[X:%r[0-9]+]], -1840700269;
; CHECK-NEXT: add.s32 {{%r[0-9]+}}, [[X]], [[H]];
; CHECK-NEXT: shr.s32 [[Q1:%r[0-9]+]], {{%r[0-9]+}}, 2;
; CHECK-NEXT: shr.u32 {{%r[0-9]+}}, [[Q1]], 31;
; urem 1000: mulhi by ceil(2^38 / 1000), shift 6, multiply back; subtracted below.
; CHECK-NEXT: mul.hi.u32 [[T:%r[0-9]+]], [[X]], 274877907;
; CHECK-NEXT: shr.u32 [[QU:%r[0-9]+]], [[T]], 6;
; CHECK-NEXT: mul.lo.s32 {{%r[0-9]+}}, [[QU]], 1000;
; 64-bit: mul.hi.s64 for srem 1000003, a shift for udiv 16.
; CHECK: mul.hi.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, -8775366530925146571;
; CHECK: mul.lo.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 1000003;
; CHECK-NEXT: shr.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 4;
; CHECK-NOT: rem.s64
