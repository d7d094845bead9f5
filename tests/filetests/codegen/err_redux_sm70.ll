; redux.sync needs sm_80: on sm_70 the intrinsic is rejected with a clear error instead of PTX ptxas refuses.
; RUN: compile %s --mcpu sm_70
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @redux(ptr %out, i32 %v) {
  %a = call i32 @llvm.nvvm.redux.sync.add(i32 %v, i32 -1)
  store i32 %a, ptr %out
  ret void
}

declare i32 @llvm.nvvm.redux.sync.add(i32, i32)

; ERR: error: unsupported in codegen: @llvm.nvvm.redux.sync.add before sm_80 (redux.sync needs sm_80) (in function 'redux')
; CHECK-NOT: redux
