; Signed division by 2: the rounding bias is the numerator's sign bit alone (`x >>> 31`), one shift instead of
; the sign mask shifted down (`(x >> 31) >>> 31`), which ptxas 13.5 keeps as two SASS instructions (HeCBench
; vote's `n * 3 / 2`: 30 SASS, llc-19 28). Larger powers of two keep the mask.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %x = load i32, ptr addrspace(1) %p, align 4
  %a = sdiv i32 %x, 2
  store i32 %a, ptr addrspace(1) %p, align 4
  %y = load i64, ptr addrspace(1) %q, align 8
  %b = sdiv i64 %y, 8
  store i64 %b, ptr addrspace(1) %q, align 8
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK: shr.u32 [[B:%r[0-9]+]], [[X:%r[0-9]+]], 31;
; CHECK-NEXT: add.s32 [[T:%r[0-9]+]], [[X]], [[B]];
; CHECK-NEXT: shr.s32 {{%r[0-9]+}}, [[T]], 1;
; CHECK: shr.s64 [[S:%rd[0-9]+]], [[Y:%rd[0-9]+]], 63;
; CHECK-NEXT: shr.u64 [[B2:%rd[0-9]+]], [[S]], 61;
; CHECK-NEXT: add.s64 [[T2:%rd[0-9]+]], [[Y]], [[B2]];
; CHECK-NEXT: shr.s64 {{%rd[0-9]+}}, [[T2]], 3;
; CHECK-NOT: div.s
