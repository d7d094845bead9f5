; Convergence-control intrinsics (entry/anchor/loop) and convergencectrl bundles on convergent calls are accepted;
; the intrinsics print nothing in PTX (they are MIR pseudo-instructions) while the warp operations they control
; are emitted normally.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @tokens(ptr %out, i32 %n) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  %v0 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %n, i32 1, i32 31) [ "convergencectrl"(token %t) ]
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %v0, %entry ], [ %acc.next, %loop ]
  %lt = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %t) ]
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %acc, i32 1, i32 31) [ "convergencectrl"(token %lt) ]
  %acc.next = add i32 %acc, %s
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, 5
  br i1 %c, label %loop, label %exit

exit:
  %a = call token @llvm.experimental.convergence.anchor()
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 true) [ "convergencectrl"(token %a) ]
  %r = add i32 %acc.next, %b
  store i32 %r, ptr %out
  ret void
}

declare token @llvm.experimental.convergence.entry() convergent
declare token @llvm.experimental.convergence.loop() convergent
declare token @llvm.experimental.convergence.anchor() convergent
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) convergent
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32) convergent
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) convergent

; CHECK-LABEL: .visible .entry tokens(
; CHECK-NOT: convergence
; CHECK: shfl.sync.bfly.b32
; CHECK: $L__BB0_1:
; CHECK: shfl.sync.down.b32
; CHECK: vote.sync.ballot.b32
; CHECK-NOT: convergence
