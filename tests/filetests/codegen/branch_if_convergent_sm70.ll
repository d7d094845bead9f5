; llvm.nvvm.branch.if.convergent needs sm_80: on sm_70 it is an error (branch.if.all.convergent alone is fine).
; RUN: compile %s --mcpu sm_70
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bic(ptr %out) {
entry:
  %c = call i1 @llvm.nvvm.branch.if.convergent()
  br i1 %c, label %fast, label %exit

fast:
  store i32 2, ptr %out
  br label %exit

exit:
  ret void
}

declare i1 @llvm.nvvm.branch.if.convergent()

; ERR: error: llvm.nvvm.branch.if.convergent is not supported on pre-Ampere Architectures (in function 'bic')
