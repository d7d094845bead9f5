; A vector access aligned below its full size falls back to one scalar access per element at its offset, or, for
; four lanes aligned to two lanes' size, to two .v2 accesses (as llc-19 splits it).
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @vec_unaligned(ptr %a, ptr %b) {
  %v = load <4 x float>, ptr %a, align 4
  store <4 x float> %v, ptr %b, align 8
  %s = load { i32, i32 }, ptr %a, align 8
  store { i32, i32 } %s, ptr %b, align 4
  ret void
}

; CHECK-LABEL: .visible .entry vec_unaligned(
; CHECK-NOT: .v4
; CHECK: ld.global.f32 {{%f[0-9]+}}, [{{%rd[0-9]+}}];
; CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, [{{%rd[0-9]+}}+4];
; CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, [{{%rd[0-9]+}}+8];
; CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, [{{%rd[0-9]+}}+12];
; CHECK-NEXT: st.global.v2.f32 [{{%rd[0-9]+}}], {{[{]%f[0-9]+}}, {{%f[0-9]+}}};
; CHECK-NEXT: st.global.v2.f32 [{{%rd[0-9]+}}+8], {{[{]%f[0-9]+}}, {{%f[0-9]+}}};
; An aligned two-field struct still uses .v2; the underaligned store does not.
; CHECK-NEXT: ld.global.v2.u32
; CHECK-NEXT: st.global.u32 [{{%rd[0-9]+}}],
; CHECK-NEXT: st.global.u32 [{{%rd[0-9]+}}+4],
