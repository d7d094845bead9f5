; combine: `fast` implies contraction; an f64 multiply-add with the product as the second fadd operand fuses
; into fma.rn.f64.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, double %x, double %y, double %z) {
  %dm = fmul fast double %x, %y
  %ds = fadd fast double %z, %dm
  store double %ds, ptr addrspace(1) %p, align 8
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK-NOT: mul.f64
; CHECK: fma.rn.f64 %fd4, %fd1, %fd2, %fd3;
; CHECK-NEXT: st.global.f64
