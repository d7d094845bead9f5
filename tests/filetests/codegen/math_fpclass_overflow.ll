; llvm.is.fpclass (clang's isnormal/fpclassify) tests the raw bits: |x| = bits & 0x7fffffff, normal is
; |x| - 0x00800000 < 0x7f000000 (unsigned), subnormal |x| - 1 < 0x007fffff, one-signed classes add the sign test;
; llvm.*.with.overflow.i32/i64 give {result, flag} (unsigned add: r < a; signed add: sign of (a^r)&(b^r); umul:
; mul.hi != 0); llvm.ldexp with a constant exponent multiplies by the power of two.
; (gvn-cse and reassociate are off: this test pins the shape instruction selection gives each operation.)
; RUN: compile %s --mcpu sm_80 --disable-pass peephole --disable-pass gvn-cse --disable-pass reassociate

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @misc(ptr %out, float %f, double %d, i32 %a, i32 %b, i64 %l) {
  %normal = call i1 @llvm.is.fpclass.f32(float %f, i32 264)
  %negsub = call i1 @llvm.is.fpclass.f64(double %d, i32 16)
  %qnan = call i1 @llvm.is.fpclass.f32(float %f, i32 2)
  %c1 = and i1 %normal, %negsub
  %c2 = or i1 %c1, %qnan
  %ua = call { i32, i1 } @llvm.uadd.with.overflow.i32(i32 %a, i32 %b)
  %sa = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %a, i32 %b)
  %um = call { i64, i1 } @llvm.umul.with.overflow.i64(i64 %l, i64 10)
  %uo = extractvalue { i32, i1 } %ua, 1
  %so = extractvalue { i32, i1 } %sa, 1
  %mo = extractvalue { i64, i1 } %um, 1
  %sv = extractvalue { i32, i1 } %sa, 0
  %o1 = or i1 %uo, %so
  %o2 = or i1 %o1, %mo
  %o3 = xor i1 %o2, %c2
  %r = select i1 %o3, i32 %sv, i32 0
  store i32 %r, ptr %out
  %x = call float @llvm.ldexp.f32.i32(float %f, i32 -3)
  %pf = getelementptr float, ptr %out, i64 1
  store float %x, ptr %pf
  ret void
}

declare i1 @llvm.is.fpclass.f32(float, i32)
declare i1 @llvm.is.fpclass.f64(double, i32)
declare { i32, i1 } @llvm.uadd.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)
declare { i64, i1 } @llvm.umul.with.overflow.i64(i64, i64)
declare float @llvm.ldexp.f32.i32(float, i32)

; CHECK-LABEL: .visible .entry misc(
; isnormal (mask 264 = +normal | -normal): no sign test.
; CHECK: mov.b32 {{%r[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2147483647;
; CHECK-NEXT: sub.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8388608;
; CHECK-NEXT: setp.lt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 2130706432;
; negative subnormal double: range test and the sign.
; CHECK-NEXT: mov.b64 {{%rd[0-9]+}}, {{%fd[0-9]+}};
; CHECK-NEXT: and.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 9223372036854775807;
; CHECK-NEXT: sub.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 1;
; CHECK-NEXT: setp.lt.u64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 4503599627370495;
; CHECK-NEXT: setp.lt.s64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 0;
; CHECK-NEXT: and.pred
; quiet NaN: |x| > inf and the quiet bit.
; CHECK: setp.gt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 2139095040;
; CHECK-NEXT: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4194304;
; CHECK-NEXT: setp.ne.s32
; CHECK-NEXT: and.pred
; uadd.with.overflow: the sum is below an operand.
; CHECK: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: setp.lt.u32
; sadd.with.overflow: operands and result disagree in sign.
; CHECK-NEXT: add.s32
; CHECK-NEXT: xor.b32
; CHECK-NEXT: xor.b32
; CHECK-NEXT: and.b32
; CHECK-NEXT: setp.lt.s32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0;
; umul.with.overflow.i64: the high half is nonzero (the unused low half is dead).
; CHECK-NEXT: mul.hi.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 10;
; CHECK-NEXT: setp.ne.s64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 0;
; ldexp(x, -3) = x * 0.125.
; CHECK: mul.rn.f32 {{%f[0-9]+}}, {{%f[0-9]+}}, 0f3E000000;
