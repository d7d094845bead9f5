; llvm.nvvm.ldg.global.* (LLVM <= 19's __ldg) loads through the non-coherent path with ld.global.nc (vector forms
; when aligned), llvm.nvvm.ldu.global.* with ldu.global; a generic pointer argument is converted to global first.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @dev(ptr %p, ptr %out) noinline {
  %v = call i32 @llvm.nvvm.ldg.global.i.i32.p0(ptr %p, i32 4)
  store i32 %v, ptr %out
  ret void
}

define ptx_kernel void @ldg(ptr %in, ptr %out) {
  %f = call float @llvm.nvvm.ldg.global.f.f32.p0(ptr %in, i32 4)
  %v = call <4 x float> @llvm.nvvm.ldg.global.f.v4f32.p0(ptr %in, i32 16)
  %e = extractelement <4 x float> %v, i32 2
  %s = fadd float %f, %e
  %u = call float @llvm.nvvm.ldu.global.f.f32.p0(ptr %in, i32 4)
  %t = fadd float %s, %u
  %h = call i16 @llvm.nvvm.ldg.global.i.i16.p0(ptr %in, i32 2)
  %hf = sitofp i16 %h to float
  %r = fadd float %t, %hf
  store float %r, ptr %out
  call void @dev(ptr %in, ptr %out)
  ret void
}

declare i32 @llvm.nvvm.ldg.global.i.i32.p0(ptr, i32)
declare float @llvm.nvvm.ldg.global.f.f32.p0(ptr, i32)
declare <4 x float> @llvm.nvvm.ldg.global.f.v4f32.p0(ptr, i32)
declare float @llvm.nvvm.ldu.global.f.f32.p0(ptr, i32)
declare i16 @llvm.nvvm.ldg.global.i.i16.p0(ptr, i32)

; CHECK-LABEL: .visible .func dev(
; CHECK: cvta.to.global.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: ld.global.nc.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}];

; CHECK-LABEL: .visible .entry ldg(
; CHECK: ld.global.nc.f32 {{%f[0-9]+}}, [{{%rd[0-9]+}}];
; CHECK-NEXT: ld.global.nc.v4.f32 {{\{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}}, [{{%rd[0-9]+}}];
; CHECK-NEXT: add.rn.f32
; CHECK-NEXT: ldu.global.f32 {{%f[0-9]+}}, [{{%rd[0-9]+}}];
; CHECK-NEXT: add.rn.f32
; CHECK-NEXT: ld.global.nc.u16 {{%rs[0-9]+}}, [{{%rd[0-9]+}}];
