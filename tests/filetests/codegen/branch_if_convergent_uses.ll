; The i1 result of branch.if.(all.)convergent may only feed exactly one conditional branch.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bic(ptr %out) {
entry:
  %c = call i1 @llvm.nvvm.branch.if.all.convergent()
  %z = zext i1 %c to i32
  store i32 %z, ptr %out
  br i1 %c, label %fast, label %exit

fast:
  store i32 2, ptr %out
  br label %exit

exit:
  ret void
}

declare i1 @llvm.nvvm.branch.if.all.convergent()

; ERR: error: result of llvm.nvvm.branch.if.convergent and llvm.nvvm.branch.if.all.convergent can only be used by exactly one branch instruction (in function 'bic')
