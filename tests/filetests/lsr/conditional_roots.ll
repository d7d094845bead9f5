; Divergent groups whose addresses sit only in blocks that do not run on every iteration (they do not dominate the
; latch) get no IV: the IV's 64-bit add runs and its register pair is carried on every iteration, while the
; address it replaces is computed only when the block runs (one add and one mad.wide, its constant offsets folded
; into [reg+imm]). The group read on every iteration (x[j + 2] and x[j + 3]: several roots) gets its IV; so does
; the uniform group under the condition (u[i + 1]: a uniform IV lives in ptxas' uniform registers). fdtd3d's
; stencil loop: 180 -> 158 SASS, 40 -> 32 registers (llc 171, 32).
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %x, ptr %y, ptr %u, ptr %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %j = phi i32 [ %tid, %entry ], [ %j.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %j2 = add nsw i32 %j, 2
  %ix2 = sext i32 %j2 to i64
  %px2 = getelementptr inbounds float, ptr %x, i64 %ix2
  %v2 = load float, ptr %px2, align 4
  %j3 = add nsw i32 %j, 3
  %ix3 = sext i32 %j3 to i64
  %px3 = getelementptr inbounds float, ptr %x, i64 %ix3
  %v3 = load float, ptr %px3, align 4
  %s = fadd float %v2, %v3
  %odd = and i32 %tid, 1
  %c1 = icmp eq i32 %odd, 0
  br i1 %c1, label %then, label %latch

then:
  %j5 = add nsw i32 %j, 5
  %iy5 = sext i32 %j5 to i64
  %py5 = getelementptr inbounds float, ptr %y, i64 %iy5
  %w5 = load float, ptr %py5, align 4
  %j6 = add nsw i32 %j, 6
  %iy6 = sext i32 %j6 to i64
  %py6 = getelementptr inbounds float, ptr %y, i64 %iy6
  %w6 = load float, ptr %py6, align 4
  %i1 = add nsw i32 %i, 1
  %iu = sext i32 %i1 to i64
  %pu = getelementptr inbounds float, ptr %u, i64 %iu
  %wu = load float, ptr %pu, align 4
  %t0 = fadd float %w5, %w6
  %t = fadd float %t0, %wu
  br label %latch

latch:
  %e = phi float [ %t, %then ], [ 0.0, %loop ]
  %acc0 = fadd float %acc, %s
  %acc.next = fadd float %acc0, %e
  %i.next = add nsw i32 %i, 1
  %j.next = add nsw i32 %j, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %po = getelementptr inbounds float, ptr %out, i32 %tid
  store float %r, ptr %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: loop:
; CHECK: %lsr.iv{{[0-9]*}} = phi ptr
; CHECK: %lsr.iv{{[0-9]*}} = phi ptr
; CHECK-NOT: phi
; CHECK: load float, ptr %lsr.iv
; CHECK-LABEL: then:
; CHECK: %py5 = getelementptr inbounds float, ptr %y, i64 %iy5
; CHECK: %py6 = getelementptr inbounds float, ptr %y, i64 %iy6
; CHECK: load float, ptr %lsr.iv
; CHECK-LABEL: latch:
