; gep-reassociate: in a tree reduction, &s[tid + stride] (zext of an add nuw) next to &s[tid], which the same
; block reads, becomes &s[tid] + stride; a sext of an add nsw and a 64-bit sum likewise. Left alone: a sum
; without the no-wrap flag its widening needs, and a dominating GEP that the block does not read.
; RUN: opt %s --passes gep-reassociate

target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x float] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @reduce(i32 %stride, i32 %k, i64 %w) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext i32 %tid to i64
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %z
  %a = add nuw i32 %tid, %stride
  %za = zext i32 %a to i64
  %q = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %za
  %x = load float, ptr addrspace(3) %q, align 4
  %y = load float, ptr addrspace(3) %p, align 4
  %sum = fadd float %x, %y
  store float %sum, ptr addrspace(3) %p, align 4
  %st = sext i32 %tid to i64
  %ps = getelementptr float, ptr addrspace(3) @s, i64 %st
  %b = add nsw i32 %k, %tid
  %sb = sext i32 %b to i64
  %qs = getelementptr float, ptr addrspace(3) @s, i64 %sb
  store float %sum, ptr addrspace(3) %qs, align 4
  store float %sum, ptr addrspace(3) %ps, align 4
  %pw = getelementptr float, ptr addrspace(3) %p, i64 %z
  %c = add i64 %z, %w
  %qw = getelementptr float, ptr addrspace(3) %p, i64 %c
  store float %sum, ptr addrspace(3) %pw, align 4
  store float %sum, ptr addrspace(3) %qw, align 4
  %d = add i32 %tid, %stride
  %zd = zext i32 %d to i64
  %qd = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %zd
  store float %sum, ptr addrspace(3) %qd, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @reduce(
; CHECK: %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %z
; CHECK: [[ZS:%[0-9a-z.]+]] = zext i32 %stride to i64
; CHECK-NEXT: [[Q:%[0-9a-z.]+]] = getelementptr float, ptr addrspace(3) %p, i64 [[ZS]]
; CHECK-NEXT: %q = getelementptr
; CHECK-NEXT: %x = load float, ptr addrspace(3) [[Q]], align 4
; CHECK: [[SK:%[0-9a-z.]+]] = sext i32 %k to i64
; CHECK-NEXT: [[QS:%[0-9a-z.]+]] = getelementptr float, ptr addrspace(3) %ps, i64 [[SK]]
; CHECK: store float %sum, ptr addrspace(3) [[QS]], align 4
; The 64-bit sum: %p[z + w] from %pw = %p[z].
; CHECK: [[QW:%[0-9a-z.]+]] = getelementptr float, ptr addrspace(3) %pw, i64 %w
; CHECK: store float %sum, ptr addrspace(3) [[QW]], align 4
; No nuw on %d: its address stays.
; CHECK: store float %sum, ptr addrspace(3) %qd, align 4

define ptx_kernel void @not_read_here(i32 %stride, i1 %c) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext i32 %tid to i64
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %z
  store float 0.0, ptr addrspace(3) %p, align 4
  br i1 %c, label %then, label %exit
then:
  %a = add nuw i32 %tid, %stride
  %za = zext i32 %a to i64
  %q = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %za
  store float 1.0, ptr addrspace(3) %q, align 4
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @not_read_here(
; CHECK: store float 1.000000e+00, ptr addrspace(3) %q, align 4

define ptx_kernel void @constant_step(ptr addrspace(1) %p) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext i32 %tid to i64
  %a = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %z
  %v = load i32, ptr addrspace(1) %a, align 4
  %t1 = add nuw i32 %tid, 1
  %z1 = zext i32 %t1 to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %z1
  store i32 %v, ptr addrspace(1) %b, align 4
  ret void
}

; A constant y is instruction selection's [reg+imm] already: left alone.
; CHECK-LABEL: define ptx_kernel void @constant_step(
; CHECK: %b = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %z1
; CHECK-NEXT: store i32 %v, ptr addrspace(1) %b, align 4

define ptx_kernel void @chain(ptr addrspace(1) %p, i32 %i, i32 %s) {
entry:
  %si = sext i32 %i to i64
  %a0 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %si
  %v0 = load float, ptr addrspace(1) %a0, align 4
  %i1 = add nsw i32 %i, %s
  %s1 = sext i32 %i1 to i64
  %a1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %s1
  %v1 = load float, ptr addrspace(1) %a1, align 4
  %i2 = add nsw i32 %i1, %s
  %s2 = sext i32 %i2 to i64
  %a2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %s2
  %v2 = load float, ptr addrspace(1) %a2, align 4
  %t = fadd float %v0, %v1
  %u = fadd float %t, %v2
  store float %u, ptr addrspace(1) %a0, align 4
  ret void
}

; A chain: &p[i + s] from &p[i], then &p[(i + s) + s] from the new &p[i + s].
; CHECK-LABEL: define ptx_kernel void @chain(
; CHECK: [[S:%[0-9a-z.]+]] = sext i32 %s to i64
; CHECK-NEXT: [[A1:%[0-9a-z.]+]] = getelementptr float, ptr addrspace(1) %a0, i64 [[S]]
; CHECK: %v1 = load float, ptr addrspace(1) [[A1]], align 4
; CHECK: [[S2:%[0-9a-z.]+]] = sext i32 %s to i64
; CHECK-NEXT: [[A2:%[0-9a-z.]+]] = getelementptr float, ptr addrspace(1) [[A1]], i64 [[S2]]
; CHECK: %v2 = load float, ptr addrspace(1) [[A2]], align 4
