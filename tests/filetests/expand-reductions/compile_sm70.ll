; Reductions compile for sm_70 at -O0: fmaximum expands through llvm.maximum (no max.NaN before sm_80: setp.nan
; and selp of the canonical NaN), fmin on half through f32 (min.f16 needs sm_80), smax on i8 through max.s16 of
; sign-extended lanes; ptxas checks the PTX.
; RUN: compile %s --mcpu sm_70 -O0

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %vf = load <4 x float>, ptr addrspace(1) %in, align 16
  %a = call float @llvm.vector.reduce.fmaximum.v4f32(<4 x float> %vf)
  store float %a, ptr addrspace(1) %out, align 4
  %vh = load <4 x half>, ptr addrspace(1) %in, align 8
  %b = call half @llvm.vector.reduce.fmin.v4f16(<4 x half> %vh)
  %o1 = getelementptr i8, ptr addrspace(1) %out, i64 4
  store half %b, ptr addrspace(1) %o1, align 2
  %vb = load <4 x i8>, ptr addrspace(1) %in, align 4
  %c = call i8 @llvm.vector.reduce.smax.v4i8(<4 x i8> %vb)
  %o2 = getelementptr i8, ptr addrspace(1) %out, i64 6
  store i8 %c, ptr addrspace(1) %o2, align 1
  ret void
}

declare float @llvm.vector.reduce.fmaximum.v4f32(<4 x float>)
declare half @llvm.vector.reduce.fmin.v4f16(<4 x half>)
declare i8 @llvm.vector.reduce.smax.v4i8(<4 x i8>)

; CHECK-LABEL: .visible .entry k(
; CHECK: max.f32
; CHECK-NEXT: setp.nan.f32
; CHECK-NEXT: selp.f32 {{%f[0-9]+}}, 0f7FC00000,
; CHECK-NOT: .NaN
; CHECK: cvt.f32.f16
; CHECK: min.f32
; CHECK: cvt.rn.f16.f32
; CHECK: max.s16
; CHECK: max.s16
; CHECK: max.s16
; CHECK-NOT: vector.reduce
