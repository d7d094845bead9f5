; --ptx-version raises .version above the target's minimum (sm_70: 6.0), and with PTX 6.2 the active mask is the
; activemask instruction.
; RUN: compile %s --mcpu sm_70 --ptx-version 6.5

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %out) {
  %m = call i32 @llvm.nvvm.activemask()
  store i32 %m, ptr %out
  ret void
}

declare i32 @llvm.nvvm.activemask()

; CHECK: .version 6.5
; CHECK-NEXT: .target sm_70
; CHECK: activemask.b32
