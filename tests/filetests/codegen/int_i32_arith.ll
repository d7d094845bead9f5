; i32 arithmetic selects the .s32/.u32/.b32 forms; division, remainder and shifts need no normalization at full width.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @i32_ops(ptr %out, i32 %a, i32 %b) {
  %add = add i32 %a, %b
  %sub = sub i32 %add, %b
  %mul = mul i32 %sub, %a
  %and = and i32 %mul, %b
  %or = or i32 %and, 7
  %xor = xor i32 %or, %a
  %shl = shl i32 %xor, 3
  %lshr = lshr i32 %shl, %b
  %ashr = ashr i32 %lshr, 2
  %udiv = udiv i32 %ashr, %b
  %sdiv = sdiv i32 %udiv, %a
  %urem = urem i32 %sdiv, %b
  %srem = srem i32 %urem, 10
  %neg = sub i32 0, %srem
  store i32 %neg, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry i32_ops(
; (a + b) - b cancels to a (reassociate), so the multiply reads the parameter itself.
; CHECK: ld.param.u32 [[A:%r[0-9]+]], [i32_ops_param_1];
; CHECK-NEXT: ld.param.u32 {{%r[0-9]+}}, [i32_ops_param_2];
; CHECK-NEXT: mul.lo.s32 {{%r[0-9]+}}, [[A]], [[A]];
; CHECK-NEXT: and.b32
; CHECK-NEXT: or.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 7;
; CHECK-NEXT: xor.b32
; CHECK-NEXT: shl.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 3;
; CHECK-NEXT: shr.u32
; CHECK-NEXT: shr.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2;
; CHECK-NEXT: div.u32
; CHECK-NEXT: div.s32
; CHECK-NEXT: rem.u32
; srem by the constant 10 is a multiply-high sequence (isel/divconst.rs); the negation folds into its subtraction.
; CHECK-NEXT: mul.hi.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1717986919;
; CHECK-NEXT: shr.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2;
; CHECK-NEXT: shr.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 31;
; CHECK-NEXT: add.s32
; CHECK-NEXT: mul.lo.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 10;
; CHECK-NEXT: sub.s32
; CHECK-NEXT: st.global.u32 [{{%rd[0-9]+}}], {{%r[0-9]+}};
; CHECK-NEXT: ret;
