; Float constants: decimal and exponent forms, double hex (`0x3FF0000000000000`), float-as-double hex, half `0xH`, bfloat `0xR`, fp128 `0xL` (low word first), ppc_fp128 `0xM`, x86_fp80 `0xK`, infinities, NaN and negative zero.
; RUN: opt %s --passes verify

@d = global double 0x3FF0000000000000
@f = global float 0x3FB99999A0000000
@h = global half 0xH3C00
@bf = global bfloat 0xR3F80
@q = global fp128 0xL00000000000000003FFF000000000000
@m = global ppc_fp128 0xM3FF00000000000000000000000000000
@k = global x86_fp80 0xK3FFF8000000000000000
@inf = global float 0x7FF0000000000000
@nan = global double 0x7FF8000000000000
@nz = global float -0.0
@dec = global double 2.5e-3
@arr = global [3 x half] [half 0xH0000, half 1.5, half 0xHFC00]

define double @fc(float %x) {
  %a = fadd float %x, 0.5
  %b = fmul float %a, 1.000000e+10
  %c = fpext float %b to double
  %d = fadd double %c, 0x400921FB54442D18
  %h = fptrunc double %d to half
  %e = fadd half %h, 0xH7BFF
  ret double %d
}

; CHECK: @d = global double 1.000000e+00
; CHECK-NEXT: @f = global float 0x3FB99999A0000000
; CHECK-NEXT: @h = global half 0xH3C00
; CHECK-NEXT: @bf = global bfloat 0xR3F80
; CHECK-NEXT: @q = global fp128 0xL00000000000000003FFF000000000000
; CHECK-NEXT: @m = global ppc_fp128 0xM3FF00000000000000000000000000000
; CHECK-NEXT: @k = global x86_fp80 0xK3FFF8000000000000000
; CHECK-NEXT: @inf = global float 0x7FF0000000000000
; CHECK-NEXT: @nan = global double 0x7FF8000000000000
; CHECK-NEXT: @nz = global float -0.000000e+00
; CHECK-NEXT: @dec = global double 2.500000e-03
; CHECK-NEXT: @arr = global [3 x half] [half 0xH0000, half 0xH3E00, half 0xHFC00]
; CHECK:   %a = fadd float %x, 5.000000e-01
; CHECK-NEXT:   %b = fmul float %a, 1.000000e+10
; CHECK:   %d = fadd double %c, 0x400921FB54442D18
; CHECK:   %e = fadd half %h, 0xH7BFF
