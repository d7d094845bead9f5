; Tensor-core wmma with f16 inputs (m16n16k16): fragments are structs of registers, `<2 x half>` fields are
; one .b32 register each in PTX; the space of the pointer (generic p0, global p1, shared p3) is spelled on the
; instruction; `.stride` intrinsics pass the stride operand, the others leave it out. A fragment loaded and
; passed on unchanged is not repacked. An f16 accumulator (`.f16.f32`: D in f16, C in f32) has 4 registers.
; Kernel pointer parameters are global. Without `+ptxNN` the module is PTX 6.0 on sm_70, where wmma has no
; `.aligned` (it needs PTX 6.3), as llc prints it.
; RUN: compile %s --mcpu sm_70
; CHECK: .version 6.0

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%h8 = type { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> }
%f8 = type { float, float, float, float, float, float, float, float }
%h4 = type { <2 x half>, <2 x half>, <2 x half>, <2 x half> }

; CHECK-LABEL: .entry gemm(
; CHECK: wmma.load.a.sync.row.m16n16k16.shared.f16 {[[A0:%r[0-9]+]], %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}], %r{{[0-9]+}};
; CHECK: wmma.load.b.sync.col.m16n16k16.global.f16 {[[B0:%r[0-9]+]], {{.*}}}, [%rd{{[0-9]+}}], 16;
; CHECK: wmma.load.c.sync.row.m16n16k16.global.f32 {%f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}}, [%rd{{[0-9]+}}];
; CHECK-NOT: mov.b32 %r{{[0-9]+}}, {%rs
; CHECK: wmma.mma.sync.row.col.m16n16k16.f32.f32 {%f{{.*}}}, {[[A0]], {{.*}}}, {[[B0]], {{.*}}}, {%f{{.*}}};
; CHECK: wmma.mma.sync.col.row.m16n16k16.f16.f32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {[[A0]], {{.*}}}, {[[B0]], {{.*}}}, {%f{{.*}}};
; CHECK: wmma.store.d.sync.row.m16n16k16.global.f32 [%rd{{[0-9]+}}], {%f{{.*}}}, 16;
; CHECK: wmma.store.d.sync.col.m16n16k16.global.f16 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
define ptx_kernel void @gemm(ptr addrspace(3) %as, ptr addrspace(1) %bs, ptr %c, ptr addrspace(1) %d, ptr %e, i32 %lda) {
  %a = call %h8 @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) %as, i32 %lda)
  %b = call %h8 @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p1(ptr addrspace(1) %bs, i32 16)
  %cf = call %f8 @llvm.nvvm.wmma.m16n16k16.load.c.row.f32.p0(ptr %c)
  %a0 = extractvalue %h8 %a, 0
  %a1 = extractvalue %h8 %a, 1
  %a2 = extractvalue %h8 %a, 2
  %a3 = extractvalue %h8 %a, 3
  %a4 = extractvalue %h8 %a, 4
  %a5 = extractvalue %h8 %a, 5
  %a6 = extractvalue %h8 %a, 6
  %a7 = extractvalue %h8 %a, 7
  %b0 = extractvalue %h8 %b, 0
  %b1 = extractvalue %h8 %b, 1
  %b2 = extractvalue %h8 %b, 2
  %b3 = extractvalue %h8 %b, 3
  %b4 = extractvalue %h8 %b, 4
  %b5 = extractvalue %h8 %b, 5
  %b6 = extractvalue %h8 %b, 6
  %b7 = extractvalue %h8 %b, 7
  %c0 = extractvalue %f8 %cf, 0
  %c1 = extractvalue %f8 %cf, 1
  %c2 = extractvalue %f8 %cf, 2
  %c3 = extractvalue %f8 %cf, 3
  %c4 = extractvalue %f8 %cf, 4
  %c5 = extractvalue %f8 %cf, 5
  %c6 = extractvalue %f8 %cf, 6
  %c7 = extractvalue %f8 %cf, 7
  %r = call %f8 @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(<2 x half> %a0, <2 x half> %a1, <2 x half> %a2, <2 x half> %a3, <2 x half> %a4, <2 x half> %a5, <2 x half> %a6, <2 x half> %a7, <2 x half> %b0, <2 x half> %b1, <2 x half> %b2, <2 x half> %b3, <2 x half> %b4, <2 x half> %b5, <2 x half> %b6, <2 x half> %b7, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7)
  %h = call %h4 @llvm.nvvm.wmma.m16n16k16.mma.col.row.f16.f32(<2 x half> %a0, <2 x half> %a1, <2 x half> %a2, <2 x half> %a3, <2 x half> %a4, <2 x half> %a5, <2 x half> %a6, <2 x half> %a7, <2 x half> %b0, <2 x half> %b1, <2 x half> %b2, <2 x half> %b3, <2 x half> %b4, <2 x half> %b5, <2 x half> %b6, <2 x half> %b7, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7)
  %r0 = extractvalue %f8 %r, 0
  %r1 = extractvalue %f8 %r, 1
  %r2 = extractvalue %f8 %r, 2
  %r3 = extractvalue %f8 %r, 3
  %r4 = extractvalue %f8 %r, 4
  %r5 = extractvalue %f8 %r, 5
  %r6 = extractvalue %f8 %r, 6
  %r7 = extractvalue %f8 %r, 7
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p1(ptr addrspace(1) %d, float %r0, float %r1, float %r2, float %r3, float %r4, float %r5, float %r6, float %r7, i32 16)
  %h0 = extractvalue %h4 %h, 0
  %h1 = extractvalue %h4 %h, 1
  %h2 = extractvalue %h4 %h, 2
  %h3 = extractvalue %h4 %h, 3
  call void @llvm.nvvm.wmma.m16n16k16.store.d.col.f16.p0(ptr %e, <2 x half> %h0, <2 x half> %h1, <2 x half> %h2, <2 x half> %h3)
  ret void
}

declare %h8 @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3), i32)
declare %h8 @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p1(ptr addrspace(1), i32)
declare %f8 @llvm.nvvm.wmma.m16n16k16.load.c.row.f32.p0(ptr)
declare %f8 @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float)
declare %h4 @llvm.nvvm.wmma.m16n16k16.mma.col.row.f16.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p1(ptr addrspace(1), float, float, float, float, float, float, float, float, i32)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.col.f16.p0(ptr, <2 x half>, <2 x half>, <2 x half>, <2 x half>)
