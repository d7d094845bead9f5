; isel: the constant part of a GEP index leaves the index when that is exact (LLVM's SeparateConstOffsetFromGEP,
; which llc runs for NVPTX): `zext (add nuw x, c)`, `sext (add nsw x, c)`, `zext nneg (add nsw x, c)` and any
; 64-bit `add x, c`. Accesses that differ only in `c` then share one base register and use `[base+imm]`.
; An add without the no-wrap flag its extension needs keeps its own address.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [4 x [160 x float]] undef, align 4

define ptx_kernel void @rows(ptr addrspace(1) %out, i32 %y) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = zext i32 %y to i64
  %a1 = add nuw nsw i32 %tx, 16
  %i1 = zext nneg i32 %a1 to i64
  %p1 = getelementptr inbounds [4 x [160 x float]], ptr addrspace(3) @tile, i64 0, i64 %ty, i64 %i1
  %v1 = load float, ptr addrspace(3) %p1, align 4
  %a2 = add nuw i32 %tx, 32
  %i2 = zext i32 %a2 to i64
  %p2 = getelementptr inbounds [4 x [160 x float]], ptr addrspace(3) @tile, i64 0, i64 %ty, i64 %i2
  %v2 = load float, ptr addrspace(3) %p2, align 4
  %a3 = add nsw i32 %tx, -8
  %i3 = sext i32 %a3 to i64
  %p3 = getelementptr inbounds [4 x [160 x float]], ptr addrspace(3) @tile, i64 0, i64 %ty, i64 %i3
  %v3 = load float, ptr addrspace(3) %p3, align 4
  %w = zext i32 %tx to i64
  %a4 = add i64 %w, 48
  %p4 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %a4
  %s1 = fadd float %v1, %v2
  %s2 = fadd float %s1, %v3
  store float %s2, ptr addrspace(1) %p4, align 4
  %a5 = add i32 %tx, 64
  %i5 = zext i32 %a5 to i64
  %p5 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i5
  store float %s1, ptr addrspace(1) %p5, align 4
  ret void
}

; CHECK-LABEL: .entry rows(
; The two zero-extended indexes read one base (+64 and +128 bytes), the sign-extended one its own (-32).
; CHECK: ld.shared.f32 {{%f[0-9]+}}, {{\[}}[[B:%rd[0-9]+]]+64];
; CHECK-NEXT: ld.shared.f32 {{%f[0-9]+}}, {{\[}}[[B]]+128];
; CHECK: ld.shared.f32 {{%f[0-9]+}}, [{{%rd[0-9]+}}+-32];
; CHECK: st.global.f32 [{{%rd[0-9]+}}+192],
; `add i32` without nuw: zext(tx + 64) may wrap, the index keeps its add.
; CHECK: add.s32 [[I:%r[0-9]+]], {{%r[0-9]+}}, 64;
; CHECK: mul.wide.u32 {{%rd[0-9]+}}, [[I]], 4;
; CHECK: st.global.f32

; Without a no-wrap flag: `zext nneg (add x, c)` with c >= 0 splits (a non-negative sum of x and a non-negative
; constant did not overflow); so does `sext (add x, c)` with c >= 0 in an inbounds GEP (knob gep-inbounds-nonneg:
; LLVM's assumption that such an index is non-negative). A GEP without inbounds, or a negative constant, keeps
; the add.
define ptx_kernel void @nonneg(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a1 = add i32 %tx, 5
  %i1 = sext i32 %a1 to i64
  %p1 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %a2 = add i32 %tx, 7
  %i2 = zext nneg i32 %a2 to i64
  %p2 = getelementptr float, ptr addrspace(1) %in, i64 %i2
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %a3 = add i32 %tx, 9
  %i3 = sext i32 %a3 to i64
  %p3 = getelementptr float, ptr addrspace(1) %in, i64 %i3
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %a4 = add i32 %tx, -3
  %i4 = sext i32 %a4 to i64
  %p4 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i4
  %v4 = load float, ptr addrspace(1) %p4, align 4
  %s1 = fadd float %v1, %v2
  %s2 = fadd float %s1, %v3
  %s3 = fadd float %s2, %v4
  store float %s3, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .entry nonneg(
; CHECK: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[N:%rd[0-9]+]]+20];
; CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[N]]+28];
; CHECK: add.s32 [[J:%r[0-9]+]], {{%r[0-9]+}}, 9;
; CHECK: mul.wide.s32 {{%rd[0-9]+}}, [[J]], 4;
; CHECK: add.s32 [[K:%r[0-9]+]], {{%r[0-9]+}}, -3;
; CHECK: mul.wide.s32 {{%rd[0-9]+}}, [[K]], 4;

; `or disjoint x, c` is an add that wraps neither way, and `sext` of a value known non-negative (here `2 * tid`,
; `shl nuw nsw` of a special register) is its `zext`: the three reads of in[2t], in[2t+1] and in[2t-1] share one base.
define ptx_kernel void @pairs(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = shl nuw nsw i32 %tx, 1
  %z = zext nneg i32 %s to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %z
  %v0 = load float, ptr addrspace(1) %p0, align 4
  %o = or disjoint i32 %s, 1
  %z1 = zext nneg i32 %o to i64
  %p1 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %z1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %m = add nsw i32 %s, -1
  %se = sext i32 %m to i64
  %p2 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %se
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %a = fadd float %v0, %v1
  %b = fadd float %a, %v2
  store float %b, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .entry pairs(
; CHECK: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[P:%rd[0-9]+]]];
; CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[P]]+4];
; CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[P]]+-4];

; `zext (add nuw a, (add nuw b, c))`, as clang writes an unrolled strided access `a + (k * stride + c)`: the
; constant leaves the index, the variable part `a + b` is one add that the accesses share.
define ptx_kernel void @nested(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %row) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r9 = shl nuw nsw i32 %row, 9
  %i0 = add nuw nsw i32 %tx, %r9
  %z0 = zext nneg i32 %i0 to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %z0
  %v0 = load float, ptr addrspace(1) %p0, align 4
  %k1 = add nuw nsw i32 %r9, 2048
  %i1 = add nuw nsw i32 %tx, %k1
  %z1 = zext nneg i32 %i1 to i64
  %p1 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %z1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %k2 = add nuw nsw i32 %r9, 4096
  %i2 = add nuw nsw i32 %k2, %tx
  %z2 = zext nneg i32 %i2 to i64
  %p2 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %z2
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %a = fadd float %v0, %v1
  %b = fadd float %a, %v2
  store float %b, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .entry nested(
; CHECK: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[N:%rd[0-9]+]]];
; CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[N]]+8192];
; CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[N]]+16384];

; A constant two adds deep, as clang writes a stencil's neighbours (`((x + 1) + y*W) + z*W*H`, all `nuw nsw`): the
; constants leave, `(x + y*W) + z*W*H` is rebuilt once and shared.
define ptx_kernel void @stencil(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %y, i32 %z) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %yw = mul nuw nsw i32 %y, 680
  %zwh = mul nuw nsw i32 %z, 91120
  %c0 = add nuw nsw i32 %x, %yw
  %i0 = add nuw nsw i32 %c0, %zwh
  %z0 = zext nneg i32 %i0 to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %z0
  %v0 = load float, ptr addrspace(1) %p0, align 4
  %x1 = add nuw nsw i32 %x, 1
  %c1 = add nuw nsw i32 %x1, %yw
  %i1 = add nuw nsw i32 %c1, %zwh
  %z1 = zext nneg i32 %i1 to i64
  %p1 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %z1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %x2 = add nuw nsw i32 %x, 680
  %c2 = add nuw nsw i32 %x2, %yw
  %i2 = add nuw nsw i32 %c2, %zwh
  %z2 = zext nneg i32 %i2 to i64
  %p2 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %z2
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %a = fadd float %v0, %v1
  %b = fadd float %a, %v2
  store float %b, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .entry stencil(
; CHECK: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[S:%rd[0-9]+]]];
; CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[S]]+4];
; CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[S]]+2720];

; `sext (sub nsw (or disjoint a, 1), s)` with `a` and `s` known non-negative (`s` a loop phi doubling from 1): the
; 1 leaves the index, and `a - s` is the address of the neighbouring `sext (sub nsw a, s)` access (a scan's pair).
@blk = internal addrspace(3) global [256 x float] undef, align 4

define ptx_kernel void @scan(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = shl nuw nsw i32 %t, 1
  %a1 = or disjoint i32 %a, 1
  br label %loop
loop:
  %s = phi i32 [ 1, %entry ], [ %s2, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc2, %loop ]
  %i0 = sub nsw i32 %a, %s
  %w0 = sext i32 %i0 to i64
  %p0 = getelementptr inbounds [256 x float], ptr addrspace(3) @blk, i64 0, i64 %w0
  %v0 = load float, ptr addrspace(3) %p0, align 4
  %i1 = sub nsw i32 %a1, %s
  %w1 = sext i32 %i1 to i64
  %p1 = getelementptr inbounds [256 x float], ptr addrspace(3) @blk, i64 0, i64 %w1
  %v1 = load float, ptr addrspace(3) %p1, align 4
  %x = fadd float %v0, %v1
  %acc2 = fadd float %acc, %x
  %s2 = shl nsw i32 %s, 1
  %c = icmp slt i32 %s2, %n
  br i1 %c, label %loop, label %exit
exit:
  store float %acc2, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: .entry scan(
; CHECK: ld.shared.f32 {{%f[0-9]+}}, {{\[}}[[S:%rd[0-9]+]]];
; CHECK-NEXT: ld.shared.f32 {{%f[0-9]+}}, {{\[}}[[S]]+4];

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
