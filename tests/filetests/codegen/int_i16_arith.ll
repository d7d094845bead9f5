; i16 values live in .b16 registers at full width: no normalization is needed.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @i16_ops(ptr %out, i16 %a, i16 %b) {
  %add = add i16 %a, %b
  %mul = mul i16 %add, %b
  %sdiv = sdiv i16 %mul, %a
  %urem = urem i16 %sdiv, %b
  %ashr = ashr i16 %urem, 3
  %lshr = lshr i16 %ashr, %b
  %shl = shl i16 %lshr, 1
  store i16 %shl, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry i16_ops(
; CHECK: .reg .b16 %rs<{{[0-9]+}}>;
; CHECK: ld.param.u16 {{%rs[0-9]+}}, [i16_ops_param_1];
; CHECK: add.s16
; CHECK-NEXT: mul.lo.s16
; CHECK-NEXT: div.s16
; CHECK-NEXT: rem.u16
; CHECK-NEXT: shr.s16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 3;
; CHECK-NEXT: cvt.u32.u16 {{%r[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: shr.u16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: shl.b16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 1;
; CHECK-NEXT: st.global.u16
; CHECK-NOT: and.b16
