; half arithmetic on sm_70 (native .f16 since sm_53); frem and fdiv of half go through f32 and round back.
; RUN: compile %s --mcpu sm_70

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @h70(ptr %out, half %a, half %b) {
  %m = fmul half %a, %b
  %r = frem half %m, %b
  %d = fdiv half %r, %a
  %c = fcmp ult half %d, %a
  %s = select i1 %c, half %d, half %a
  store half %s, ptr %out
  ret void
}

; CHECK: .target sm_70
; CHECK-LABEL: .visible .entry h70(
; CHECK: mul.rn.f16
; CHECK-NEXT: cvt.f32.f16
; CHECK-NEXT: cvt.f32.f16
; CHECK-NEXT: div.rn.f32
; CHECK-NEXT: cvt.rzi.f32.f32
; CHECK-NEXT: mul.rn.f32
; CHECK-NEXT: sub.rn.f32
; CHECK-NEXT: cvt.rn.f16.f32
; CHECK-NEXT: cvt.f32.f16
; CHECK-NEXT: cvt.f32.f16
; CHECK-NEXT: div.rn.f32
; CHECK-NEXT: cvt.rn.f16.f32
; CHECK-NEXT: setp.ltu.f16
; CHECK-NEXT: selp.b16
