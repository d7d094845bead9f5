; GEP address arithmetic: an i32 index scales with mul.wide.s32, an i64 index with shl (power of two) or mul.lo
; (other sizes), constant indices fold into the address offset of the access, and struct fields add their
; layout offsets.
; (combine is off: this test pins the mul.wide + add shape instruction selection gives.)
; RUN: compile %s --mcpu sm_80 --disable-pass combine

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, double, [3 x i16], float }

define ptx_kernel void @geps(ptr %a, ptr %s, i32 %i, i64 %j) {
  %p1 = getelementptr inbounds float, ptr %a, i32 %i
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds double, ptr %a, i64 %j
  %p3 = getelementptr inbounds [3 x float], ptr %a, i64 %j, i64 2
  %v3 = load float, ptr %p3, align 4
  %sum = fadd float %v1, %v3
  %f = getelementptr inbounds %struct.S, ptr %s, i64 %j, i32 3
  store float %sum, ptr %f, align 4
  %g = getelementptr inbounds %struct.S, ptr %s, i32 1, i32 2, i32 %i
  store i16 7, ptr %g, align 2
  %d = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 1
  store double 1.0, ptr %d, align 8
  store double 2.0, ptr %p2, align 8
  ret void
}

; CHECK-LABEL: .visible .entry geps(
; float* + i32: sign-extending widening multiply.
; CHECK: mul.wide.s32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 4;
; CHECK-NEXT: add.s64
; CHECK-NEXT: ld.global.f32
; double* + i64: shift by 3.
; CHECK-NEXT: shl.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 3;
; CHECK-NEXT: add.s64
; [3 x float]* + i64 (12 bytes, not a power of two), then the constant element 2 folds into the access.
; CHECK-NEXT: mul.lo.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 12;
; CHECK-NEXT: add.s64
; CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, [{{%rd[0-9]+}}+8];
; CHECK-NEXT: add.rn.f32
; %struct.S is 32 bytes; field 3 is at offset 24.
; CHECK-NEXT: shl.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 5;
; CHECK-NEXT: add.s64
; CHECK-NEXT: st.global.f32 [{{%rd[0-9]+}}+24], {{%f[0-9]+}};
; element 1 (32), field 2 (16), i16 index scaled by 2.
; CHECK-NEXT: mul.wide.s32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 2;
; CHECK-NEXT: add.s64
; CHECK-NEXT: st.global.u16 [{{%rd[0-9]+}}+48], 7;
; CHECK-NEXT: st.global.f64 [{{%rd[0-9]+}}+8], 0d3FF0000000000000;
; CHECK-NEXT: st.global.f64 [{{%rd[0-9]+}}], 0d4000000000000000;
