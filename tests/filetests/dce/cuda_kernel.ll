; A whole CUDA-like kernel (saxpy with a grid-stride loop, clang-style attributes and annotations): dce removes the dead sreg read, dead loads, a dead phi cycle, dead index math and an unreachable block, and keeps everything the stores and the loop control need.
; RUN: opt %s --passes verify,dce

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define dso_local void @saxpy(float %a, ptr addrspace(1) noalias nocapture readonly %x, ptr addrspace(1) noalias nocapture %y, i32 %n) local_unnamed_addr #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %laneid = tail call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %base = mul i32 %ctaid, %ntid
  %i0 = add i32 %base, %tid
  %stride = mul i32 %nctaid, %ntid
  %dead.idx = shl i32 %laneid, 2
  %in = icmp slt i32 %i0, %n
  br i1 %in, label %loop, label %exit

loop:
  %i = phi i32 [ %i0, %entry ], [ %i.next, %loop ]
  %cnt = phi i32 [ 0, %entry ], [ %cnt.next, %loop ]
  %idx = sext i32 %i to i64
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %idx
  %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %idx
  %vx = load float, ptr addrspace(1) %px, align 4, !tbaa !2
  %vy = load float, ptr addrspace(1) %py, align 4, !tbaa !2
  %unused.load = load float, ptr addrspace(1) %x, align 4
  %ax = fmul contract float %a, %vx
  %r = fadd contract float %ax, %vy
  store float %r, ptr addrspace(1) %py, align 4, !tbaa !2
  %cnt.next = add nuw nsw i32 %cnt, 1
  %i.next = add nsw i32 %i, %stride
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !6

never:
  %bogus = fdiv float %a, 0.0
  store float %bogus, ptr addrspace(1) %y, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #1
declare i32 @llvm.nvvm.read.ptx.sreg.laneid() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn "target-cpu"="sm_70" "target-features"="+ptx64,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1}

!0 = !{ptr @saxpy, !"kernel", i32 1}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!2 = !{!3, !3, i64 0}
!3 = !{!"float", !4, i64 0}
!4 = !{!"omnipotent char", !5, i64 0}
!5 = !{!"Simple C++ TBAA"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}

; CHECK-LABEL: define dso_local void @saxpy(float %a, ptr addrspace(1) noalias nocapture readonly %x, ptr addrspace(1) noalias nocapture %y, i32 %n) local_unnamed_addr #0 {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:   %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; CHECK-NEXT:   %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT:   %nctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
; CHECK-NOT: %laneid
; CHECK:   %base = mul i32 %ctaid, %ntid
; CHECK-NEXT:   %i0 = add i32 %base, %tid
; CHECK-NEXT:   %stride = mul i32 %nctaid, %ntid
; CHECK-NEXT:   %in = icmp slt i32 %i0, %n
; CHECK-NEXT:   br i1 %in, label %loop, label %exit
; CHECK-EMPTY:
; CHECK-NEXT: loop:
; CHECK-NEXT:   %i = phi i32 [ %i0, %entry ], [ %i.next, %loop ]
; CHECK-NOT: %cnt
; CHECK:   %idx = sext i32 %i to i64
; CHECK-NEXT:   %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %idx
; CHECK-NEXT:   %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %idx
; CHECK-NEXT:   %vx = load float, ptr addrspace(1) %px, align 4, !tbaa !2
; CHECK-NEXT:   %vy = load float, ptr addrspace(1) %py, align 4, !tbaa !2
; CHECK-NOT: %unused.load
; CHECK:   %ax = fmul contract float %a, %vx
; CHECK-NEXT:   %r = fadd contract float %ax, %vy
; CHECK-NEXT:   store float %r, ptr addrspace(1) %py, align 4, !tbaa !2
; CHECK-NEXT:   %i.next = add nsw i32 %i, %stride
; CHECK-NEXT:   %more = icmp slt i32 %i.next, %n
; CHECK-NEXT:   br i1 %more, label %loop, label %exit, !llvm.loop !6
; CHECK-NOT: never
; CHECK: exit:
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
; CHECK: !nvvm.annotations = !{!0}
; CHECK: !0 = !{ptr @saxpy, !"kernel", i32 1}
