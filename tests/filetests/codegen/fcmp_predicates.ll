; Every fcmp predicate maps to setp: ordered ones to eq/ne/lt/..., unordered ones to the ...u forms, ord to
; num, uno to nan, ueq to equ and one to ne; false/true are constant predicates.
; (copyprop is off: this test pins the shape instruction selection gives.)
; RUN: compile %s --mcpu sm_80 --disable-pass peephole --disable-pass copyprop

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @fcmps(ptr %out, float %a, float %b, double %c) {
  %oeq = fcmp oeq float %a, %b
  %ogt = fcmp ogt float %a, %b
  %oge = fcmp oge float %a, %b
  %olt = fcmp olt float %a, %b
  %ole = fcmp ole float %a, %b
  %one = fcmp one float %a, %b
  %ord = fcmp ord float %a, %b
  %ueq = fcmp ueq float %a, %b
  %ugt = fcmp ugt float %a, %b
  %uge = fcmp uge float %a, %b
  %ult = fcmp ult float %a, %b
  %ule = fcmp ule float %a, %b
  %une = fcmp une float %a, 0.0
  %uno = fcmp uno double %c, %c
  %ff = fcmp false float %a, %b
  %tt = fcmp true float %a, %b
  %x1 = xor i1 %oeq, %ogt
  %x2 = xor i1 %x1, %oge
  %x3 = xor i1 %x2, %olt
  %x4 = xor i1 %x3, %ole
  %x5 = xor i1 %x4, %one
  %x6 = xor i1 %x5, %ord
  %x7 = xor i1 %x6, %ueq
  %x8 = xor i1 %x7, %ugt
  %x9 = xor i1 %x8, %uge
  %x10 = xor i1 %x9, %ult
  %x11 = xor i1 %x10, %ule
  %x12 = xor i1 %x11, %une
  %x13 = xor i1 %x12, %uno
  %x14 = xor i1 %x13, %ff
  %x15 = xor i1 %x14, %tt
  %r = zext i1 %x15 to i32
  store i32 %r, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry fcmps(
; CHECK: setp.eq.f32 {{%p[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: setp.gt.f32
; CHECK-NEXT: setp.ge.f32
; CHECK-NEXT: setp.lt.f32
; CHECK-NEXT: setp.le.f32
; CHECK-NEXT: setp.ne.f32
; CHECK-NEXT: setp.num.f32
; CHECK-NEXT: setp.equ.f32
; CHECK-NEXT: setp.gtu.f32
; CHECK-NEXT: setp.geu.f32
; CHECK-NEXT: setp.ltu.f32
; CHECK-NEXT: setp.leu.f32
; CHECK-NEXT: setp.neu.f32 {{%p[0-9]+}}, {{%f[0-9]+}}, 0f00000000;
; CHECK-NEXT: setp.nan.f64 {{%p[0-9]+}}, {{%fd[0-9]+}}, {{%fd[0-9]+}};
; fcmp false / true are constant predicates.
; CHECK-NEXT: setp.ne.s32 {{%p[0-9]+}}, 0, 0;
; CHECK-NEXT: setp.eq.s32 {{%p[0-9]+}}, 0, 0;
