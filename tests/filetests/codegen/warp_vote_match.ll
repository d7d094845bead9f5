; vote.sync all/any/uni produce predicates, ballot a .b32 mask; match.any.sync returns the mask of lanes with the
; same value, match.all.sync a mask and a predicate (d|p); activemask.b32 reads the active lanes.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @votes(ptr %out, i32 %v, i64 %w) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, %v
  %all = call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %c)
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %c)
  %uni = call i1 @llvm.nvvm.vote.uni.sync(i32 -1, i1 %c)
  %bal = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %c)
  %m = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %tid)
  %ma = call { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32 -1, i32 %v)
  %mav = extractvalue { i32, i1 } %ma, 0
  %map = extractvalue { i32, i1 } %ma, 1
  %m64 = call i32 @llvm.nvvm.match.any.sync.i64(i32 -1, i64 %w)
  %act = call i32 @llvm.nvvm.activemask()
  %x1 = and i1 %all, %any
  %x2 = and i1 %x1, %uni
  %x3 = and i1 %x2, %map
  %s1 = add i32 %bal, %m
  %s2 = add i32 %s1, %mav
  %s3 = add i32 %s2, %m64
  %s4 = add i32 %s3, %act
  %r = select i1 %x3, i32 %s4, i32 0
  store i32 %r, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i1 @llvm.nvvm.vote.uni.sync(i32, i1)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32, i32)
declare i32 @llvm.nvvm.match.any.sync.i64(i32, i64)
declare i32 @llvm.nvvm.activemask()

; CHECK-LABEL: .visible .entry votes(
; CHECK: setp.lt.u32 {{%p[0-9]+}}
; CHECK-NEXT: vote.sync.all.pred {{%p[0-9]+}}, {{%p[0-9]+}}, -1;
; CHECK-NEXT: vote.sync.any.pred {{%p[0-9]+}}, {{%p[0-9]+}}, -1;
; CHECK-NEXT: vote.sync.uni.pred {{%p[0-9]+}}, {{%p[0-9]+}}, -1;
; CHECK-NEXT: vote.sync.ballot.b32 {{%r[0-9]+}}, {{%p[0-9]+}}, -1;
; CHECK-NEXT: match.any.sync.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, -1;
; CHECK-NEXT: match.all.sync.b32 {{%r[0-9]+}}|{{%p[0-9]+}}, {{%r[0-9]+}}, -1;
; CHECK-NEXT: match.any.sync.b64 {{%r[0-9]+}}, {{%rd[0-9]+}}, -1;
; CHECK-NEXT: activemask.b32 {{%r[0-9]+}};
