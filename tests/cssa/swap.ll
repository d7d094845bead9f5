; The swap problem in a divergent loop: a and b trade values on every back edge (n = max(tid, 1) bodies).
; Expected: out[t] = 10*a + b with (a, b) = (1, 2) after an even number of swaps, (2, 1) after an odd one.
target triple = "nvptx64-nvidia-cuda"

define void @swap(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %a = phi i32 [ 1, %entry ], [ %b, %loop ]
  %b = phi i32 [ 2, %entry ], [ %a, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %tid
  br i1 %c, label %loop, label %exit
exit:
  %a10 = mul i32 %a, 10
  %r = add i32 %a10, %b
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @swap, !"kernel", i32 1}
