; Barriers: llvm.nvvm.barrier0 is bar.sync 0, barrier.sync takes an id (and a thread count), bar.warp.sync a
; mask; the reducing barriers (barrier0.popc/and/or) use bar.red with a predicate input.
; (gvn-cse and reassociate are off: this test pins the shape instruction selection gives each operation.)
; RUN: compile %s --mcpu sm_80 --disable-pass gvn-cse --disable-pass reassociate

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bars(ptr %out, i32 %n) {
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier.sync(i32 1)
  call void @llvm.nvvm.barrier.sync.cnt(i32 2, i32 64)
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  %c = call i32 @llvm.nvvm.barrier0.popc(i32 %n)
  %a = call i32 @llvm.nvvm.barrier0.and(i32 %n)
  %o = call i32 @llvm.nvvm.barrier0.or(i32 %n)
  %s = add i32 %c, %a
  %t = add i32 %s, %o
  store i32 %t, ptr %out
  ret void
}

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare void @llvm.nvvm.barrier.sync.cnt(i32, i32)
declare void @llvm.nvvm.bar.warp.sync(i32)
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare i32 @llvm.nvvm.barrier0.or(i32)

; CHECK-LABEL: .visible .entry bars(
; CHECK: bar.sync 0;
; CHECK-NEXT: barrier.sync 1;
; CHECK-NEXT: barrier.sync 2, 64;
; CHECK-NEXT: bar.warp.sync -1;
; CHECK-NEXT: setp.ne.s32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0;
; CHECK-NEXT: bar.red.popc.u32 {{%r[0-9]+}}, 0, {{%p[0-9]+}};
; CHECK-NEXT: setp.ne.s32
; CHECK-NEXT: bar.red.and.pred {{%p[0-9]+}}, 0, {{%p[0-9]+}};
; CHECK-NEXT: selp.u32 {{%r[0-9]+}}, 1, 0, {{%p[0-9]+}};
; CHECK-NEXT: setp.ne.s32
; CHECK-NEXT: bar.red.or.pred
