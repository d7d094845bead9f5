; isel, gep-const-offset: a 64-bit index `add a, zext (add nuw t, c)` (or `sext (add nsw t, c)`, either order of
; the outer add, whatever its flags) is `(a + widen t) + c`, so CUB's `for_each` items `base + tid` and
; `base + (tid + 256)` share one address and the second is `[r+1024]` (llc-19's SeparateConstOffsetFromGEP). A
; zext of an add without `nuw` keeps its own address.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @items(ptr addrspace(1) %out, i64 %base, i32 %v) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext nneg i32 %tid to i64
  %i0 = add nuw nsw i64 %base, %t64
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i0
  store i32 %v, ptr addrspace(1) %p0, align 4
  %t1 = add nuw nsw i32 %tid, 256
  %w1 = zext nneg i32 %t1 to i64
  %i1 = add nuw nsw i64 %base, %w1
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i1
  store i32 %v, ptr addrspace(1) %p1, align 4
  %t2 = add nsw i32 %tid, -3
  %w2 = sext i32 %t2 to i64
  %i2 = add i64 %w2, %base
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i2
  store i32 %v, ptr addrspace(1) %p2, align 4
  %t3 = add i32 %tid, 512
  %w3 = zext i32 %t3 to i64
  %i3 = add i64 %base, %w3
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i3
  store i32 %v, ptr addrspace(1) %p3, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry items(
; CHECK: st.global.u32 {{\[}}[[P:%rd[0-9]+]]], [[V:%r[0-9]+]];
; CHECK-NEXT: st.global.u32 {{\[}}[[P]]+1024], [[V]];
; CHECK: st.global.u32 [{{%rd[0-9]+}}+-12], [[V]];
; CHECK: add.s32 [[N:%r[0-9]+]], {{%r[0-9]+}}, 512;
; CHECK: st.global.u32
