; Fast-math flags on float binary ops, fneg, fcmp, select, phi, casts and calls; `fast` stays `fast`.
; RUN: opt %s --passes verify

declare float @llvm.sqrt.f32(float)

define float @fm(float %a, float %b, i1 %c) {
entry:
  %x = fadd fast float %a, %b
  %y = fmul nnan ninf nsz float %x, %a
  %z = fdiv arcp float %y, %b
  %w = fsub contract afn reassoc float %z, 1.0
  %n = fneg nsz float %w
  %cmp = fcmp fast olt float %n, %a
  %s = select nnan i1 %cmp, float %n, float %a
  %t = fptrunc nnan float %s to half
  %e = fpext ninf half %t to double
  %q = call fast float @llvm.sqrt.f32(float %a)
  %r = frem float %q, %b
  br i1 %c, label %l, label %m

l:
  br label %m

m:
  %p = phi nsz float [ %r, %entry ], [ %s, %l ]
  ret float %p
}

; CHECK:   %x = fadd fast float %a, %b
; CHECK-NEXT:   %y = fmul nnan ninf nsz float %x, %a
; CHECK-NEXT:   %z = fdiv arcp float %y, %b
; CHECK-NEXT:   %w = fsub reassoc contract afn float %z, 1.000000e+00
; CHECK-NEXT:   %n = fneg nsz float %w
; CHECK-NEXT:   %cmp = fcmp fast olt float %n, %a
; CHECK-NEXT:   %s = select nnan i1 %cmp, float %n, float %a
; CHECK-NEXT:   %t = fptrunc nnan float %s to half
; CHECK-NEXT:   %e = fpext ninf half %t to double
; CHECK-NEXT:   %q = call fast float @llvm.sqrt.f32(float %a)
; CHECK-NEXT:   %r = frem float %q, %b
; CHECK:   %p = phi nsz float [ %r, %entry ], [ %s, %l ]
