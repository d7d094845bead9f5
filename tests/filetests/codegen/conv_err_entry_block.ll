; The convergence verifier rejects llvm.experimental.convergence.entry outside the entry block.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @f(i1 %c) convergent {
entry:
  br i1 %c, label %a, label %b
a:
  %t = call token @llvm.experimental.convergence.entry()
  br label %b
b:
  ret void
}

declare token @llvm.experimental.convergence.entry() convergent

; ERR: error: Entry intrinsic can occur only in the entry block. (at '%t = call token @llvm.experimental.convergence.entry()') (in function 'f')
; CHECK-NOT: .entry
