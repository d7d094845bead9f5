; Unrolled row accesses whose constant offsets are computed before the loop (tests/filetests/lsr/invariant_sum.ll
; checks the IR): one pointer IV at constant offsets; every build of simtc check must agree.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
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
  %xo = getelementptr inbounds float, ptr %out, i64 %zx
  store float %s2, ptr %xo, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
