; Special-register intrinsics read %tid/%ntid/%ctaid/%nctaid (x/y/z), %laneid, %warpid, %lanemask_*, %clock,
; %clock64 with mov.u32 / mov.u64.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @sregs(ptr %out) {
  %t0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %t2 = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %n0 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %n1 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %n2 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  %c0 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c1 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %c2 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  %g0 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %g1 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  %g2 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %w = call i32 @llvm.nvvm.read.ptx.sreg.warpid()
  %m0 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.eq()
  %m1 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  %m2 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.le()
  %m3 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.gt()
  %m4 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.ge()
  %ck = call i32 @llvm.nvvm.read.ptx.sreg.clock()
  %ck64 = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  %ws = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %a1 = add i32 %t0, %t1
  %a2 = add i32 %a1, %t2
  %a3 = add i32 %a2, %n0
  %a4 = add i32 %a3, %n1
  %a5 = add i32 %a4, %n2
  %a6 = add i32 %a5, %c0
  %a7 = add i32 %a6, %c1
  %a8 = add i32 %a7, %c2
  %a9 = add i32 %a8, %g0
  %a10 = add i32 %a9, %g1
  %a11 = add i32 %a10, %g2
  %a12 = add i32 %a11, %l
  %a13 = add i32 %a12, %w
  %a14 = xor i32 %a13, %m0
  %a15 = xor i32 %a14, %m1
  %a16 = xor i32 %a15, %m2
  %a17 = xor i32 %a16, %m3
  %a18 = xor i32 %a17, %m4
  %a19 = add i32 %a18, %ck
  %a20 = add i32 %a19, %ws
  %z = zext i32 %a20 to i64
  %r = add i64 %z, %ck64
  store i64 %r, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpid()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.eq()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.le()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.gt()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.ge()
declare i32 @llvm.nvvm.read.ptx.sreg.clock()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()

; CHECK-LABEL: .visible .entry sregs(
; CHECK: mov.u32 {{%r[0-9]+}}, %tid.x;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %tid.y;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %tid.z;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %ntid.x;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %ntid.y;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %ntid.z;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %ctaid.x;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %ctaid.y;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %ctaid.z;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %nctaid.x;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %nctaid.y;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %nctaid.z;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %laneid;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %warpid;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %lanemask_eq;
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %lanemask_lt;
; CHECK: mov.u32 {{%r[0-9]+}}, %lanemask_le;
; CHECK: mov.u32 {{%r[0-9]+}}, %lanemask_gt;
; CHECK: mov.u32 {{%r[0-9]+}}, %lanemask_ge;
; CHECK: mov.u32 {{%r[0-9]+}}, %clock;
; CHECK: mov.u64 {{%rd[0-9]+}}, %clock64;
; CHECK: mov.u32 {{%r[0-9]+}}, WARP_SZ;
