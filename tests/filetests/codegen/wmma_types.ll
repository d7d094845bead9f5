; Tensor-core wmma beyond f16 (sm_80, PTX 7.0): bf16 and tf32 (f32 accumulators), f64 (m8n8k4, with a rounding
; mode), u8 with .satfinite, s8 on m32n8k16 (A and B fragments of different sizes), s4 (m8n8k32) and b1
; (m8n8k128, .xor.popc). PTX spells every non-f16 mma with its four types D.A.B.C; f64 fragments are .f64
; registers, a lone `double` A/B fragment is one register in braces.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%i4 = type { i32, i32, i32, i32 }
%i2 = type { i32, i32 }
%i8 = type { i32, i32, i32, i32, i32, i32, i32, i32 }
%f8 = type { float, float, float, float, float, float, float, float }
%d2 = type { double, double }

; CHECK-LABEL: .entry bf16(
; CHECK: wmma.load.a.sync.aligned.row.m16n16k16.global.bf16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}], 32;
; CHECK: wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32 {%f{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{.*}}}, {%f{{.*}}};
; CHECK: wmma.store.d.sync.aligned.row.m16n16k16.global.f32
define ptx_kernel void @bf16(ptr %p, ptr %q) {
  %a = call %i4 @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.bf16.p0(ptr %p, i32 32)
  %b = call %i4 @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.bf16.p0(ptr %p, i32 32)
  %a0 = extractvalue %i4 %a, 0
  %a1 = extractvalue %i4 %a, 1
  %a2 = extractvalue %i4 %a, 2
  %a3 = extractvalue %i4 %a, 3
  %b0 = extractvalue %i4 %b, 0
  %b1 = extractvalue %i4 %b, 1
  %b2 = extractvalue %i4 %b, 2
  %b3 = extractvalue %i4 %b, 3
  %d = call %f8 @llvm.nvvm.wmma.m16n16k16.mma.row.col.bf16(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, i32 %b2, i32 %b3, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 1.0)
  %d0 = extractvalue %f8 %d, 0
  %d7 = extractvalue %f8 %d, 7
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr %q, float %d0, float %d0, float %d0, float %d0, float %d0, float %d0, float %d0, float %d7, i32 16)
  ret void
}

; CHECK-LABEL: .entry tf32(
; CHECK: wmma.load.a.sync.aligned.col.m16n16k8.global.tf32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
; CHECK: wmma.mma.sync.aligned.col.row.m16n16k8.f32.tf32.tf32.f32
define ptx_kernel void @tf32(ptr %p, ptr %q) {
  %a = call %i4 @llvm.nvvm.wmma.m16n16k8.load.a.col.tf32.p0(ptr %p)
  %b = call %i4 @llvm.nvvm.wmma.m16n16k8.load.b.row.tf32.p0(ptr %p)
  %c = call %f8 @llvm.nvvm.wmma.m16n16k8.load.c.row.f32.p0(ptr %q)
  %a0 = extractvalue %i4 %a, 0
  %a1 = extractvalue %i4 %a, 1
  %a2 = extractvalue %i4 %a, 2
  %a3 = extractvalue %i4 %a, 3
  %b0 = extractvalue %i4 %b, 0
  %b1 = extractvalue %i4 %b, 1
  %b2 = extractvalue %i4 %b, 2
  %b3 = extractvalue %i4 %b, 3
  %c0 = extractvalue %f8 %c, 0
  %d = call %f8 @llvm.nvvm.wmma.m16n16k8.mma.col.row.tf32(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, i32 %b2, i32 %b3, float %c0, float %c0, float %c0, float %c0, float %c0, float %c0, float %c0, float %c0)
  %d0 = extractvalue %f8 %d, 0
  call void @llvm.nvvm.wmma.m16n16k8.store.d.col.f32.p0(ptr %q, float %d0, float %d0, float %d0, float %d0, float %d0, float %d0, float %d0, float %d0)
  ret void
}

; CHECK-LABEL: .entry dmma(
; CHECK: wmma.load.a.sync.aligned.row.m8n8k4.global.f64 {%fd{{[0-9]+}}}, [%rd{{[0-9]+}}], 4;
; CHECK: wmma.load.c.sync.aligned.row.m8n8k4.global.f64 {%fd{{[0-9]+}}, %fd{{[0-9]+}}}
; CHECK: wmma.mma.sync.aligned.row.col.m8n8k4.rz.f64.f64.f64.f64 {%fd{{[0-9]+}}, %fd{{[0-9]+}}}, {%fd{{[0-9]+}}}, {%fd{{[0-9]+}}}, {%fd{{[0-9]+}}, %fd{{[0-9]+}}};
; CHECK: wmma.store.d.sync.aligned.row.m8n8k4.global.f64 [%rd{{[0-9]+}}], {%fd{{[0-9]+}}, %fd{{[0-9]+}}}, 8;
define ptx_kernel void @dmma(ptr %p, ptr %q) {
  %a = call double @llvm.nvvm.wmma.m8n8k4.load.a.row.stride.f64.p0(ptr %p, i32 4)
  %b = call double @llvm.nvvm.wmma.m8n8k4.load.b.col.stride.f64.p0(ptr %p, i32 4)
  %c = call %d2 @llvm.nvvm.wmma.m8n8k4.load.c.row.stride.f64.p0(ptr %q, i32 8)
  %c0 = extractvalue %d2 %c, 0
  %c1 = extractvalue %d2 %c, 1
  %d = call %d2 @llvm.nvvm.wmma.m8n8k4.mma.row.col.rz.f64(double %a, double %b, double %c0, double %c1)
  %d0 = extractvalue %d2 %d, 0
  %d1 = extractvalue %d2 %d, 1
  call void @llvm.nvvm.wmma.m8n8k4.store.d.row.stride.f64.p0(ptr %q, double %d0, double %d1, i32 8)
  ret void
}

; CHECK-LABEL: .entry imma(
; CHECK: wmma.load.a.sync.aligned.row.m16n16k16.global.u8 {%r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}], 16;
; CHECK: wmma.mma.sync.aligned.row.col.m16n16k16.s32.u8.u8.s32.satfinite {%r{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{.*}}};
; CHECK: wmma.load.a.sync.aligned.row.m32n8k16.global.s8 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}
; CHECK: wmma.load.b.sync.aligned.col.m32n8k16.global.s8 {%r{{[0-9]+}}}
; CHECK: wmma.mma.sync.aligned.row.col.m32n8k16.s32.s8.s8.s32 {%r{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}}, {%r{{.*}}};
; CHECK: wmma.store.d.sync.aligned.row.m32n8k16.global.s32
define ptx_kernel void @imma(ptr %p, ptr %q) {
  %a = call %i2 @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.u8.p0(ptr %p, i32 16)
  %b = call %i2 @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.u8.p0(ptr %p, i32 16)
  %c = call %i8 @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.s32.p0(ptr %q, i32 16)
  %a0 = extractvalue %i2 %a, 0
  %a1 = extractvalue %i2 %a, 1
  %b0 = extractvalue %i2 %b, 0
  %b1 = extractvalue %i2 %b, 1
  %c0 = extractvalue %i8 %c, 0
  %d = call %i8 @llvm.nvvm.wmma.m16n16k16.mma.row.col.u8.satfinite(i32 %a0, i32 %a1, i32 %b0, i32 %b1, i32 %c0, i32 %c0, i32 %c0, i32 %c0, i32 %c0, i32 %c0, i32 %c0, i32 %c0)
  %d0 = extractvalue %i8 %d, 0
  %sa = call %i4 @llvm.nvvm.wmma.m32n8k16.load.a.row.s8.p0(ptr %p)
  %sb = call i32 @llvm.nvvm.wmma.m32n8k16.load.b.col.s8.p0(ptr %p)
  %s0 = extractvalue %i4 %sa, 0
  %s1 = extractvalue %i4 %sa, 1
  %s2 = extractvalue %i4 %sa, 2
  %s3 = extractvalue %i4 %sa, 3
  %e = call %i8 @llvm.nvvm.wmma.m32n8k16.mma.row.col.s8(i32 %s0, i32 %s1, i32 %s2, i32 %s3, i32 %sb, i32 %d0, i32 %d0, i32 %d0, i32 %d0, i32 %d0, i32 %d0, i32 %d0, i32 %d0)
  %e0 = extractvalue %i8 %e, 0
  %e7 = extractvalue %i8 %e, 7
  call void @llvm.nvvm.wmma.m32n8k16.store.d.row.s32.p0(ptr %q, i32 %e0, i32 %e0, i32 %e0, i32 %e0, i32 %e0, i32 %e0, i32 %e0, i32 %e7)
  ret void
}

; CHECK-LABEL: .entry subbyte(
; CHECK: wmma.load.a.sync.aligned.row.m8n8k32.global.s4 {%r{{[0-9]+}}}
; CHECK: wmma.mma.sync.aligned.row.col.m8n8k32.s32.s4.s4.s32 {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}}, {%r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}};
; CHECK: wmma.mma.xor.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32 {%r{{[0-9]+}}, %r{{[0-9]+}}}
; CHECK: wmma.store.d.sync.aligned.row.m8n8k128.global.s32
define ptx_kernel void @subbyte(ptr %p, ptr %q) {
  %a = call i32 @llvm.nvvm.wmma.m8n8k32.load.a.row.s4.p0(ptr %p)
  %b = call i32 @llvm.nvvm.wmma.m8n8k32.load.b.col.s4.p0(ptr %p)
  %d = call %i2 @llvm.nvvm.wmma.m8n8k32.mma.row.col.s4(i32 %a, i32 %b, i32 0, i32 0)
  %d0 = extractvalue %i2 %d, 0
  %d1 = extractvalue %i2 %d, 1
  %x = call i32 @llvm.nvvm.wmma.m8n8k128.load.a.row.b1.p0(ptr %p)
  %y = call i32 @llvm.nvvm.wmma.m8n8k128.load.b.col.b1.p0(ptr %p)
  %e = call %i2 @llvm.nvvm.wmma.m8n8k128.mma.xor.popc.row.col.b1(i32 %x, i32 %y, i32 %d0, i32 %d1)
  %e0 = extractvalue %i2 %e, 0
  %e1 = extractvalue %i2 %e, 1
  call void @llvm.nvvm.wmma.m8n8k128.store.d.row.s32.p0(ptr %q, i32 %e0, i32 %e1)
  ret void
}

declare %i4 @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.bf16.p0(ptr, i32)
declare %i4 @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.bf16.p0(ptr, i32)
declare %f8 @llvm.nvvm.wmma.m16n16k16.mma.row.col.bf16(i32, i32, i32, i32, i32, i32, i32, i32, float, float, float, float, float, float, float, float)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr, float, float, float, float, float, float, float, float, i32)
declare %i4 @llvm.nvvm.wmma.m16n16k8.load.a.col.tf32.p0(ptr)
declare %i4 @llvm.nvvm.wmma.m16n16k8.load.b.row.tf32.p0(ptr)
declare %f8 @llvm.nvvm.wmma.m16n16k8.load.c.row.f32.p0(ptr)
declare %f8 @llvm.nvvm.wmma.m16n16k8.mma.col.row.tf32(i32, i32, i32, i32, i32, i32, i32, i32, float, float, float, float, float, float, float, float)
declare void @llvm.nvvm.wmma.m16n16k8.store.d.col.f32.p0(ptr, float, float, float, float, float, float, float, float)
declare double @llvm.nvvm.wmma.m8n8k4.load.a.row.stride.f64.p0(ptr, i32)
declare double @llvm.nvvm.wmma.m8n8k4.load.b.col.stride.f64.p0(ptr, i32)
declare %d2 @llvm.nvvm.wmma.m8n8k4.load.c.row.stride.f64.p0(ptr, i32)
declare %d2 @llvm.nvvm.wmma.m8n8k4.mma.row.col.rz.f64(double, double, double, double)
declare void @llvm.nvvm.wmma.m8n8k4.store.d.row.stride.f64.p0(ptr, double, double, i32)
declare %i2 @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.u8.p0(ptr, i32)
declare %i2 @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.u8.p0(ptr, i32)
declare %i8 @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.s32.p0(ptr, i32)
declare %i8 @llvm.nvvm.wmma.m16n16k16.mma.row.col.u8.satfinite(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare %i4 @llvm.nvvm.wmma.m32n8k16.load.a.row.s8.p0(ptr)
declare i32 @llvm.nvvm.wmma.m32n8k16.load.b.col.s8.p0(ptr)
declare %i8 @llvm.nvvm.wmma.m32n8k16.mma.row.col.s8(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare void @llvm.nvvm.wmma.m32n8k16.store.d.row.s32.p0(ptr, i32, i32, i32, i32, i32, i32, i32, i32)
declare i32 @llvm.nvvm.wmma.m8n8k32.load.a.row.s4.p0(ptr)
declare i32 @llvm.nvvm.wmma.m8n8k32.load.b.col.s4.p0(ptr)
declare %i2 @llvm.nvvm.wmma.m8n8k32.mma.row.col.s4(i32, i32, i32, i32)
declare i32 @llvm.nvvm.wmma.m8n8k128.load.a.row.b1.p0(ptr)
declare i32 @llvm.nvvm.wmma.m8n8k128.load.b.col.b1.p0(ptr)
declare %i2 @llvm.nvvm.wmma.m8n8k128.mma.xor.popc.row.col.b1(i32, i32, i32, i32)
declare void @llvm.nvvm.wmma.m8n8k128.store.d.row.s32.p0(ptr, i32, i32)
