; redux.sync (sm_80+): add/min/max on .s32, umin/umax on .u32, and/or/xor on .b32; operands (value, mask).
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @redux(ptr %out, i32 %v) {
  %a = call i32 @llvm.nvvm.redux.sync.add(i32 %v, i32 -1)
  %b = call i32 @llvm.nvvm.redux.sync.min(i32 %a, i32 -1)
  %c = call i32 @llvm.nvvm.redux.sync.max(i32 %b, i32 -1)
  %d = call i32 @llvm.nvvm.redux.sync.umin(i32 %c, i32 -1)
  %e = call i32 @llvm.nvvm.redux.sync.umax(i32 %d, i32 -1)
  %f = call i32 @llvm.nvvm.redux.sync.and(i32 %e, i32 -1)
  %g = call i32 @llvm.nvvm.redux.sync.or(i32 %f, i32 -1)
  %h = call i32 @llvm.nvvm.redux.sync.xor(i32 %g, i32 255)
  store i32 %h, ptr %out
  ret void
}

declare i32 @llvm.nvvm.redux.sync.add(i32, i32)
declare i32 @llvm.nvvm.redux.sync.min(i32, i32)
declare i32 @llvm.nvvm.redux.sync.max(i32, i32)
declare i32 @llvm.nvvm.redux.sync.umin(i32, i32)
declare i32 @llvm.nvvm.redux.sync.umax(i32, i32)
declare i32 @llvm.nvvm.redux.sync.and(i32, i32)
declare i32 @llvm.nvvm.redux.sync.or(i32, i32)
declare i32 @llvm.nvvm.redux.sync.xor(i32, i32)

; CHECK-LABEL: .visible .entry redux(
; CHECK: redux.sync.add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, -1;
; CHECK-NEXT: redux.sync.min.s32
; CHECK-NEXT: redux.sync.max.s32
; CHECK-NEXT: redux.sync.min.u32
; CHECK-NEXT: redux.sync.max.u32
; CHECK-NEXT: redux.sync.and.b32
; CHECK-NEXT: redux.sync.or.b32
; CHECK-NEXT: redux.sync.xor.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 255;
