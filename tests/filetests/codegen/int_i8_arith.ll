; i8 values are promoted into .b16 registers with undefined upper bits: division, remainder, right shifts and
; comparisons first normalize (and.b16 255 for unsigned, cvt.s16.s8 for signed); add/mul/shl do not.
; (gvn-cse and reassociate are off: this test pins the shape instruction selection gives each operation.)
; RUN: compile %s --mcpu sm_80 --disable-pass gvn-cse --disable-pass reassociate

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @i8_ops(ptr %out, ptr %flag, i8 %a, i8 %b) {
  %add = add i8 %a, %b
  %mul = mul i8 %add, 3
  %udiv = udiv i8 %mul, %b
  %sdiv = sdiv i8 %a, %b
  %lshr = lshr i8 %udiv, 1
  %ashr = ashr i8 %sdiv, 2
  %x = xor i8 %lshr, %ashr
  store i8 %x, ptr %out
  %c = icmp slt i8 %add, %b
  %z = zext i1 %c to i32
  store i32 %z, ptr %flag
  ret void
}

; CHECK-LABEL: .visible .entry i8_ops(
; CHECK: ld.param.u8 {{%rs[0-9]+}}, [i8_ops_param_2];
; CHECK: ld.param.u8 {{%rs[0-9]+}}, [i8_ops_param_3];
; add and mul need no normalization.
; CHECK-NEXT: add.s16
; CHECK-NEXT: mul.lo.s16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 3;
; udiv: both operands zero-extended within the register.
; CHECK-NEXT: and.b16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 255;
; CHECK-NEXT: and.b16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 255;
; CHECK-NEXT: div.u16
; sdiv: both operands sign-extended.
; CHECK-NEXT: cvt.s16.s8 {{%rs[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: cvt.s16.s8 {{%rs[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: div.s16
; lshr zero-extends, ashr sign-extends.
; CHECK-NEXT: and.b16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 255;
; CHECK-NEXT: shr.u16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 1;
; CHECK-NEXT: cvt.s16.s8 {{%rs[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: shr.s16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 2;
; CHECK-NEXT: xor.b16
; CHECK-NEXT: st.global.u8
; signed compare of i8: sign-extend both sides, compare at 16 bits.
; CHECK-NEXT: cvt.s16.s8
; CHECK-NEXT: cvt.s16.s8
; CHECK-NEXT: setp.lt.s16 {{%p[0-9]+}}, {{%rs[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: selp.u32 {{%r[0-9]+}}, 1, 0, {{%p[0-9]+}};
