; The convergence verifier rejects llvm.experimental.convergence.loop without a convergencectrl operand.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @f(i32 %n) convergent {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %t = call token @llvm.experimental.convergence.loop()
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

declare token @llvm.experimental.convergence.loop() convergent

; ERR: error: Loop intrinsic must have a convergencectrl token operand. (at '%t = call token @llvm.experimental.convergence.loop()') (in function 'f')
