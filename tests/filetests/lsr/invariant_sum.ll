; Unrolled accesses in[iv * 256 + x], in[iv * 256 + x + 1024], in[iv * 256 + x + 2048]: the offsets x + 1024 and
; x + 2048 are computed before the loop (`zext nneg (add nuw nsw x, c)`), and lsr reads them as x plus a constant
; (their flags say neither add wraps), so the three addresses share one pointer IV at constant offsets.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @rows(ptr %in, ptr %out, i32 %n) {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %zx = zext nneg i32 %x to i64
  %a1 = add nuw nsw i32 %x, 1024
  %z1 = zext nneg i32 %a1 to i64
  %a2 = add nuw nsw i32 %x, 2048
  %z2 = zext nneg i32 %a2 to i64
  br label %loop

loop:
  %iv = phi i32 [ 0, %entry ], [ %iv.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %s2, %loop ]
  %r = shl nuw nsw i32 %iv, 8
  %zr = zext nneg i32 %r to i64
  %row = getelementptr inbounds float, ptr %in, i64 %zr
  %p0 = getelementptr inbounds float, ptr %row, i64 %zx
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds float, ptr %row, i64 %z1
  %v1 = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds float, ptr %row, i64 %z2
  %v2 = load float, ptr %p2, align 4
  %s0 = fadd float %acc, %v0
  %s1 = fadd float %s0, %v1
  %s2 = fadd float %s1, %v2
  %iv.next = add nuw nsw i32 %iv, 1
  %more = icmp slt i32 %iv.next, %n
  br i1 %more, label %loop, label %exit

exit:
  store float %s2, ptr %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: define ptx_kernel void @rows(
; CHECK: loop:
; CHECK: [[P:%lsr.iv[0-9]*]] = phi ptr
; CHECK-NOT: phi ptr
; CHECK: load float, ptr [[P]], align 4
; CHECK: getelementptr i8, ptr [[P]], i64 4096
; CHECK: getelementptr i8, ptr [[P]], i64 8192
