; After cssa and phi-elim a loop with two loop-carried values (each dying where its successor is defined)
; needs no mov in the loop and no extra edge block: the latch branches back itself (bottom-tested loop).
; RUN: compile %s
; CHECK: $L__BB0_1:
; CHECK-NOT: mov.
; CHECK: @%p{{[0-9]+}} bra{{.*}}$L__BB0_1;
; CHECK-NOT: bra.uni {{.*}}$L__BB0_1;
; CHECK: st.global.u32
target triple = "nvptx64-nvidia-cuda"

define void @two_carried(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ %tid, %entry ], [ %s1, %loop ]
  %s1 = mul i32 %s, 3
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s1, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @two_carried, !"kernel", i32 1}
