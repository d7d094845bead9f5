; i64 arithmetic uses the 64-bit forms in %rd registers; shift amounts are converted to .u32.
; (bypass-slow-division is off: this checks the 64-bit forms isel selects, not the 32-bit fast paths.)
; RUN: compile %s --mcpu sm_80 --disable-pass bypass-slow-division

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @i64_ops(ptr %out, i64 %a, i64 %b) {
  %add = add i64 %a, %b
  %sub = sub i64 %add, 5
  %mul = mul i64 %sub, %b
  %and = and i64 %mul, %a
  %or = or i64 %and, %b
  %xor = xor i64 %or, -1
  %shl = shl i64 %xor, %b
  %lshr = lshr i64 %shl, 7
  %ashr = ashr i64 %lshr, %a
  %udiv = udiv i64 %ashr, %b
  %sdiv = sdiv i64 %udiv, %a
  %urem = urem i64 %sdiv, %b
  %srem = srem i64 %urem, %a
  store i64 %srem, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry i64_ops(
; CHECK: ld.param.u64 {{%rd[0-9]+}}, [i64_ops_param_2];
; CHECK-NEXT: add.s64
; CHECK-NEXT: sub.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 5;
; CHECK-NEXT: mul.lo.s64
; CHECK-NEXT: and.b64
; CHECK-NEXT: or.b64
; CHECK-NEXT: xor.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, -1;
; CHECK-NEXT: cvt.u32.u64 {{%r[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: shl.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: shr.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 7;
; CHECK-NEXT: cvt.u32.u64
; CHECK-NEXT: shr.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: div.u64
; CHECK-NEXT: div.s64
; CHECK-NEXT: rem.u64
; CHECK-NEXT: rem.s64
; CHECK-NEXT: st.global.u64
