; Constant-memory globals are read with ld.const; a pointer loaded from memory is generic (plain ld/st), and a
; pointer stored to memory is stored in its generic form (for a kernel pointer parameter, the value ld.param read:
; no cvta.to.global + cvta.global round trip).
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@coeffs = internal addrspace(4) constant [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 4
@table = addrspace(1) global ptr null, align 8

define ptx_kernel void @consts(ptr %pp, ptr %out, i32 %i) {
  %pc = getelementptr inbounds [4 x float], ptr addrspace(4) @coeffs, i32 0, i32 %i
  %c = load float, ptr addrspace(4) %pc, align 4
  %p = load ptr, ptr %pp, align 8
  %v = load float, ptr %p, align 4
  %s = fmul float %c, %v
  store float %s, ptr %p, align 4
  store ptr %out, ptr addrspace(1) @table, align 8
  ret void
}

; CHECK: .const .align 4 .b8 coeffs[16] = {0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64};
; CHECK-LABEL: .visible .entry consts(
; CHECK: ld.param.u64 [[OUT:%rd[0-9]+]], [consts_param_1];
; CHECK: mov.u64 {{%rd[0-9]+}}, coeffs;
; CHECK: ld.const.f32
; CHECK-NEXT: ld.global.u64 {{%rd[0-9]+}}
; CHECK-NEXT: ld.f32
; CHECK-NEXT: mul.rn.f32
; CHECK-NEXT: st.f32
; CHECK-NEXT: st.global.u64 [table], [[OUT]];
; CHECK-NOT: ld.global.f32
