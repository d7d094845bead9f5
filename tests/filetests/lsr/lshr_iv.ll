; lshr of an IV: e = lane + 32k with `add nuw` (no unsigned wrap), so e >> 4 = (lane >> 4) + 2k exactly and
; the shared-memory slot s[(e >> 4) + 16 * q] is affine: it becomes a pointer IV stepping by 2 halves (4 bytes),
; its start computed from `lane >> 4` in the preheader. The same shift of an IV without nuw (f) or stepping by
; a number that is not a multiple of 2^4 (g) is not affine and stays.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x half] undef, align 2

define ptx_kernel void @k(i32 %q) {
entry:
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q16 = shl nuw nsw i32 %q, 4
  br label %loop

loop:
  %e = phi i32 [ %lane, %entry ], [ %e.next, %loop ]
  %r = lshr i32 %e, 4
  %idx = add nuw nsw i32 %r, %q16
  %w = zext nneg i32 %idx to i64
  %p = getelementptr inbounds [256 x half], ptr addrspace(3) @s, i64 0, i64 %w
  store half 0xH3C00, ptr addrspace(3) %p, align 2
  %e.next = add nuw nsw i32 %e, 32
  %c = icmp ult i32 %e, 224
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: lshr i32 %lane, 4
; CHECK-LABEL: loop:
; CHECK: %lsr.iv = phi ptr addrspace(3)
; CHECK-NOT: lshr
; CHECK: store half 0xH3C00, ptr addrspace(3) %lsr.iv, align 2
; CHECK: %lsr.iv.next = getelementptr i8, ptr addrspace(3) %lsr.iv, i64 4

define ptx_kernel void @f(i32 %q) {
entry:
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %e = phi i32 [ %lane, %entry ], [ %e.next, %loop ]
  %r = lshr i32 %e, 4
  %w = zext nneg i32 %r to i64
  %p = getelementptr inbounds [256 x half], ptr addrspace(3) @s, i64 0, i64 %w
  store half 0xH3C00, ptr addrspace(3) %p, align 2
  %e.next = add nsw i32 %e, 32
  %c = icmp ult i32 %e, 224
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @f(
; CHECK-NOT: lsr.iv
; CHECK: %r = lshr i32 %e, 4

define ptx_kernel void @g(i32 %q) {
entry:
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %e = phi i32 [ %lane, %entry ], [ %e.next, %loop ]
  %r = lshr i32 %e, 4
  %w = zext nneg i32 %r to i64
  %p = getelementptr inbounds [256 x half], ptr addrspace(3) @s, i64 0, i64 %w
  store half 0xH3C00, ptr addrspace(3) %p, align 2
  %e.next = add nuw nsw i32 %e, 24
  %c = icmp ult i32 %e, 224
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @g(
; CHECK-NOT: lsr.iv
; CHECK: %r = lshr i32 %e, 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
