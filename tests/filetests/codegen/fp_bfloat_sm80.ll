; bfloat arithmetic before sm_90 has no add/sub/mul.bf16: it is computed in f32 (bf16 -> f32 is a shift into
; the high half) and rounded back with cvt.rn.bf16.f32; fneg stays neg.bf16 (sm_80); fcmp compares in f32.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bf16_ops(ptr %out, bfloat %a, bfloat %b) {
  %add = fadd bfloat %a, %b
  %neg = fneg bfloat %add
  %lt = fcmp olt bfloat %a, %neg
  %s = select i1 %lt, bfloat %a, bfloat %neg
  store bfloat %s, ptr %out
  %e = fpext bfloat %s to float
  %p = getelementptr float, ptr %out, i64 1
  store float %e, ptr %p
  ret void
}

; CHECK-LABEL: .visible .entry bf16_ops(
; CHECK: cvt.u32.u16 {{%r[0-9]+}}, {{%rs[0-9]+}};
; CHECK-NEXT: shl.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16;
; CHECK-NEXT: mov.b32 {{%f[0-9]+}}, {{%r[0-9]+}};
; CHECK: add.rn.f32
; CHECK-NEXT: cvt.rn.bf16.f32 {{%rs[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: neg.bf16
; CHECK: setp.lt.f32
; CHECK-NEXT: selp.b16
; CHECK-NEXT: st.global.b16
; CHECK-NOT: add.rn.bf16
