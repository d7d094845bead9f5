; Indexes with a constant part that isel moves into the address offset (knob gep-const-offset): out[t] mixes
; in[t + 16] (zext nneg of add nuw nsw), in[t + 40] (zext of add nuw), in[t + 24 - 8] (sext of add nsw, negative
; constant), in[(zext t) + 3] (64-bit add) and in[(t + 1) + 0xffffffff] (wraps to t: no nuw, must stay as written), from
; a base pointer 64 elements into the buffer; then in[t + 12] (sext of an add without nsw in an inbounds GEP: knob
; gep-inbounds-nonneg) and in[t + 20] (zext nneg of an add without nsw); then, with the thread index x alone,
; in[(2x | 1)] (or disjoint: an add) and in[2x - 1] (sext of 2x - 1 with 2x known non-negative: a zext), and
; in[2x + (x + 8)] (zext of nested nuw adds: the constant leaves, 2x + x stays), and in[(2x | 1) - (c & 3)] (sext
; of a nsw sub of non-negative terms: 2x - (c & 3) stays, the 1 leaves), and in[((x + 5) + 2x) + (c & 7)] (a
; constant two nuw adds deep: the 5 leaves, x + 2x + (c & 7) stays).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @const_offset(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %g = add i32 %cn, %t
  %base = getelementptr inbounds i32, ptr addrspace(1) %in, i64 64
  %a1 = add nuw nsw i32 %g, 16
  %i1 = zext nneg i32 %a1 to i64
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i1
  %v1 = load i32, ptr addrspace(1) %p1, align 4
  %a2 = add nuw i32 %g, 40
  %i2 = zext i32 %a2 to i64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i2
  %v2 = load i32, ptr addrspace(1) %p2, align 4
  %a3 = add nsw i32 %g, -8
  %i3 = sext i32 %a3 to i64
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i3
  %v3 = load i32, ptr addrspace(1) %p3, align 4
  %w = zext i32 %g to i64
  %a4 = add i64 %w, 3
  %p4 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %a4
  %v4 = load i32, ptr addrspace(1) %p4, align 4
  ; (g + 1) + 0xffffffff wraps to g in 32 bits: zext gives g, not g + 2^32 (no nuw: the add stays).
  %gp = add i32 %g, 1
  %a5 = add i32 %gp, -1
  %i5 = zext i32 %a5 to i64
  %p5 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i5
  %v5 = load i32, ptr addrspace(1) %p5, align 4
  %s1 = mul i32 %v1, 3
  %s2 = add i32 %s1, %v2
  %s3 = mul i32 %s2, 5
  %s4 = add i32 %s3, %v3
  %s5 = mul i32 %s4, 7
  %s6 = add i32 %s5, %v4
  %s7 = mul i32 %s6, 11
  %s8 = add i32 %s7, %v5
  %a6 = add i32 %g, 12
  %i6 = sext i32 %a6 to i64
  %p6 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i6
  %v6 = load i32, ptr addrspace(1) %p6, align 4
  %a7 = add i32 %g, 20
  %i7 = zext nneg i32 %a7 to i64
  %p7 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i7
  %v7 = load i32, ptr addrspace(1) %p7, align 4
  %s9 = mul i32 %s8, 13
  %s10 = add i32 %s9, %v6
  %s11 = mul i32 %s10, 17
  %s12 = add i32 %s11, %v7
  %x2 = shl nuw nsw i32 %t, 1
  %o8 = or disjoint i32 %x2, 1
  %i8 = zext nneg i32 %o8 to i64
  %p8 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i8
  %v8 = load i32, ptr addrspace(1) %p8, align 4
  %a9 = add nsw i32 %x2, -1
  %i9 = sext i32 %a9 to i64
  %p9 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i9
  %v9 = load i32, ptr addrspace(1) %p9, align 4
  %s13 = mul i32 %s12, 19
  %s14 = add i32 %s13, %v8
  %s15 = mul i32 %s14, 23
  %s16 = add i32 %s15, %v9
  %k10 = add nuw nsw i32 %t, 8
  %a10 = add nuw nsw i32 %x2, %k10
  %i10 = zext nneg i32 %a10 to i64
  %p10 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i10
  %v10 = load i32, ptr addrspace(1) %p10, align 4
  %s17 = mul i32 %s16, 29
  %s18 = add i32 %s17, %v10
  %sv = and i32 %c, 3
  %o11 = or disjoint i32 %x2, 1
  %a11 = sub nsw i32 %o11, %sv
  %i11 = sext i32 %a11 to i64
  %p11 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i11
  %v11 = load i32, ptr addrspace(1) %p11, align 4
  %s19 = mul i32 %s18, 31
  %s20 = add i32 %s19, %v11
  ; ((x + 5) + 2x) + (c & 7): a constant two nuw adds deep (a stencil's `((x + 1) + y*W) + z*W*H`).
  %k12 = add nuw nsw i32 %t, 5
  %a12 = add nuw nsw i32 %k12, %x2
  %c7 = and i32 %c, 7
  %b12 = add nuw nsw i32 %a12, %c7
  %i12 = zext nneg i32 %b12 to i64
  %p12 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i12
  %v12 = load i32, ptr addrspace(1) %p12, align 4
  %s21 = mul i32 %s20, 37
  %s22 = add i32 %s21, %v12
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %g
  store i32 %s22, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
