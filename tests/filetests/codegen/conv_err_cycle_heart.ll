; A token defined outside a cycle may be used inside it only by the cycle's heart (a convergence.loop in the
; header); a convergent call in the loop that uses the outer token directly is rejected.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @f(ptr %out, i32 %n) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %i, i32 1, i32 31) [ "convergencectrl"(token %t) ]
  %i1 = add i32 %s, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  store i32 %i1, ptr %out
  ret void
}

declare token @llvm.experimental.convergence.entry() convergent
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) convergent

; ERR: error: Convergence token used by an instruction other than llvm.experimental.convergence.loop in a cycle that does not contain the token's definition. (at '%s = call i32
; ERR-SAME: (in function 'f')
