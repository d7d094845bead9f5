; The lost-copy problem in a divergent loop: the loop exits with x1 >= tid and stores the *previous* x.
; Coalescing x with x1 unconditionally (phi-elim-naive) stores x1 instead. Expected: out[t] = max(t, 1) - 1.
target triple = "nvptx64-nvidia-cuda"

define void @lost_copy(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %x = phi i32 [ 0, %entry ], [ %x1, %loop ]
  %x1 = add i32 %x, 1
  %c = icmp ult i32 %x1, %tid
  br i1 %c, label %loop, label %exit
exit:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %x, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @lost_copy, !"kernel", i32 1}
