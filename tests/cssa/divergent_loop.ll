; A divergent loop (trip count tid % 7 + 1) with a divergent diamond inside: s grows by i on the iterations
; where (i + tid) is odd. The exit stores 1000 * s (the sum before the last iteration) + s2 (after it).
target triple = "nvptx64-nvidia-cuda"

define void @divergent_loop(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = urem i32 %tid, 7
  %n = add i32 %m, 1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s2, %latch ]
  %it = add i32 %i, %tid
  %odd = and i32 %it, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %then, label %latch
then:
  %s1 = add i32 %s, %i
  br label %latch
latch:
  %s2 = phi i32 [ %s, %loop ], [ %s1, %then ]
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  %k = mul i32 %s, 1000
  %r = add i32 %k, %s2
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @divergent_loop, !"kernel", i32 1}
