; A group of one address that costs one mad.wide per iteration (base + 4 * IV): the uniform one (w[i], i and w
; uniform) becomes a pointer IV, the divergent one (x[j], IV j starting at tid) keeps its mad.wide. A uniform IV lives in
; ptxas' uniform registers, while `mad.wide i, 4, w` needs i and both halves of w in vector registers; a
; divergent IV would be one more 64-bit vector register pair for the same one instruction per iteration.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %w, ptr %x, ptr %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %j = phi i32 [ %tid, %entry ], [ %j.next, %loop ]
  %iw = sext i32 %i to i64
  %pw = getelementptr inbounds float, ptr %w, i64 %iw
  %vw = load float, ptr %pw, align 4
  %ix = sext i32 %j to i64
  %px = getelementptr inbounds float, ptr %x, i64 %ix
  %vx = load float, ptr %px, align 4
  %m = fmul float %vw, %vx
  %acc.next = fadd float %acc, %m
  %i.next = add nsw i32 %i, 1
  %j.next = add nsw i32 %j, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %po = getelementptr inbounds float, ptr %out, i32 %tid
  store float %r, ptr %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; CHECK-NEXT: %acc = phi float
; CHECK-NEXT: %j = phi i32
; CHECK-NEXT: %lsr.iv = phi ptr [ %w, %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NOT: phi
; CHECK: %vw = load float, ptr %lsr.iv, align 4
; CHECK: %ix = sext i32 %j to i64
; CHECK-NEXT: %px = getelementptr inbounds float, ptr %x, i64 %ix
; CHECK-NEXT: %vx = load float, ptr %px, align 4
; CHECK: %lsr.iv.next = getelementptr i8, ptr %lsr.iv, i64 4
