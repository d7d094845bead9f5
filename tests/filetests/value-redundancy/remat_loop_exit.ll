; remat end to end: out[gid] is loaded before a loop and stored after it; the loop never reads the address.
; Instead of keeping the 64-bit address live through the loop, simtc recomputes it after the loop from the
; kernel parameter and %ctaid.x/%ntid.x/%tid.x, so the loop carries only its own values. (The kernel is small:
; `RematMinPressure=0` makes remat run at any register pressure.)
; RUN: compile %s --mcpu sm_90 --knob RematMinPressure=0

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %ctaid, %ntid
  %gid = add i32 %b, %tid
  %w = zext i32 %gid to i64
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %w
  %v0 = load i32, ptr addrspace(1) %p, align 4
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %v = phi i32 [ %v0, %entry ], [ %v1, %loop ]
  %m = mul i32 %v, 3
  %v1 = xor i32 %m, %i
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit

exit:
  store i32 %v1, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; CHECK-LABEL: .entry k(
; CHECK: ld.global.u32
; CHECK: bra
; CHECK: mov.u32 {{%r[0-9]+}}, %ctaid.x;
; CHECK: mul.wide.u32 [[W:%rd[0-9]+]],
; CHECK-NEXT: add.s64 [[A:%rd[0-9]+]], {{%rd[0-9]+}}, [[W]];
; CHECK-NEXT: st.global.u32 {{\[}}[[A]]{{\]}},
; CHECK-NEXT: ret;
