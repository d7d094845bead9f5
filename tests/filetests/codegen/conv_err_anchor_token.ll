; An anchor (or entry) intrinsic must not carry a convergencectrl operand.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @f() convergent {
  %t = call token @llvm.experimental.convergence.entry()
  %a = call token @llvm.experimental.convergence.anchor() [ "convergencectrl"(token %t) ]
  ret void
}

declare token @llvm.experimental.convergence.entry() convergent
declare token @llvm.experimental.convergence.anchor() convergent

; ERR: error: Entry or anchor intrinsic cannot have a convergencectrl token operand. (at '%a = call token @llvm.experimental.convergence.anchor() [ "convergencectrl"(token %t) ]') (in function 'f')
