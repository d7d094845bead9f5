; A conditional branch on a uniform value (kernel argument, ctaid, ntid) is bra.uni; one that depends on tid or
; laneid (directly or through a phi at a divergent join) is a plain bra; unconditional branches are bra.uni.
; RUN: compile %s --mcpu sm_80 --disable-pass ifconvert

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @br(ptr %out, i32 %n) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %u = icmp slt i32 %bid, %n
  br i1 %u, label %uni, label %join1

uni:
  store i32 1, ptr %out
  br label %join1

join1:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %d = icmp eq i32 %tid, 0
  br i1 %d, label %div, label %join2

div:
  store i32 2, ptr %out
  br label %join2

join2:
  %v = phi i32 [ 5, %div ], [ 7, %join1 ]
  %e = icmp eq i32 %v, 5
  br i1 %e, label %last, label %exit

last:
  store i32 3, ptr %out
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .visible .entry br(
; CHECK: mov.u32 {{%r[0-9]+}}, %ctaid.x;
; CHECK-NEXT: setp.lt.s32
; CHECK-NEXT: @!{{%p[0-9]+}} bra.uni $L__BB0_2;
; CHECK: mov.u32 {{%r[0-9]+}}, %tid.x;
; CHECK-NEXT: setp.eq.s32
; CHECK-NEXT: mov.b32 {{%r[0-9]+}}, 7;
; CHECK-NEXT: @!{{%p[0-9]+}} bra $L__BB0_4;
; The phi of a divergent join is divergent: its test is a plain bra too.
; CHECK: setp.eq.s32 {{%p[0-9]+}}, {{%r[0-9]+}}, 5;
; CHECK-NEXT: @!{{%p[0-9]+}} bra $L__BB0_{{[0-9]+}};
