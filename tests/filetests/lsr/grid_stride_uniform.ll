; A grid-stride loop `for (i = tid; i < n; i += ntid*nctaid)` reading x[i] and x[i+1]: one IV for both, stepping
; by 4*sext(ntid*nctaid) bytes (invariant, not constant). The stride is uniform but the start (tid) is not, so
; the new IV is divergent like the addresses it replaces; a second loop over a uniform IV (a loop over the
; kernel's argument n) gets a uniform IV: the report counts it.
; RUN: opt %s --passes lsr --knob lsr-report=1

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()

define ptx_kernel void @gs(ptr %x, ptr %y, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nc = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %stride = mul i32 %nt, %nc
  %go = icmp slt i32 %tid, %n
  br i1 %go, label %loop, label %mid

loop:
  %i = phi i32 [ %tid, %entry ], [ %i.next, %loop ]
  %i64 = sext i32 %i to i64
  %p0 = getelementptr inbounds float, ptr %x, i64 %i64
  %v0 = load float, ptr %p0, align 4
  %i1 = add nsw i32 %i, 1
  %i164 = sext i32 %i1 to i64
  %p1 = getelementptr inbounds float, ptr %x, i64 %i164
  %v1 = load float, ptr %p1, align 4
  %s = fadd float %v0, %v1
  store float %s, ptr %p0, align 4
  %i.next = add nsw i32 %i, %stride
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %mid

mid:
  %go2 = icmp sgt i32 %n, 0
  br i1 %go2, label %uloop, label %exit

uloop:
  %u = phi i32 [ 0, %mid ], [ %u.next, %uloop ]
  %acc = phi float [ 0.0, %mid ], [ %acc.next, %uloop ]
  %u2 = shl nsw i32 %u, 1
  %u64 = sext i32 %u2 to i64
  %q0 = getelementptr inbounds float, ptr %y, i64 %u64
  %w0 = load float, ptr %q0, align 4
  %acc.next = fadd float %acc, %w0
  %u.next = add nsw i32 %u, 1
  %umore = icmp slt i32 %u.next, %n
  br i1 %umore, label %uloop, label %done

done:
  store float %acc.next, ptr %y, align 4
  br label %exit

exit:
  ret void
}

; ERR: remark: lsr: @gs: loop %loop: 1 new IVs (0 uniform), 2 addresses rewritten
; ERR: remark: lsr: @gs: loop %uloop: 1 new IVs (1 uniform), 1 addresses rewritten
; CHECK-LABEL: entry:
; CHECK: %stride = mul i32 %nt, %nc
; CHECK: %0 = sext i32 %tid to i64
; CHECK-NEXT: %1 = shl i64 %0, 2
; CHECK-NEXT: %2 = getelementptr i8, ptr %x, i64 %1
; CHECK-NEXT: %3 = sext i32 %stride to i64
; CHECK-NEXT: %4 = shl i64 %3, 2
; CHECK-LABEL: loop:
; CHECK-NEXT: %i = phi i32 [ %tid, %entry ], [ %i.next, %loop ]
; CHECK-NEXT: %lsr.iv = phi ptr [ %2, %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NEXT: %v0 = load float, ptr %lsr.iv, align 4
; CHECK-NEXT: %p1 = getelementptr i8, ptr %lsr.iv, i64 4
; CHECK: store float %s, ptr %lsr.iv, align 4
; CHECK: %lsr.iv.next = getelementptr i8, ptr %lsr.iv, i64 %4
; CHECK-LABEL: uloop:
; CHECK: %lsr.iv1 = phi ptr [ %y, %mid ], [ %lsr.iv1.next, %uloop ]
; CHECK: %lsr.iv1.next = getelementptr i8, ptr %lsr.iv1, i64 8
