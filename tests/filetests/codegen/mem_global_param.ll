; Kernel pointer parameters are global: ld.param.u64 then cvta.to.global.u64 once, and every access through
; them (and GEPs of them) is ld.global/st.global. Explicit addrspace(1) parameters need no cvta.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @copy(ptr %dst, ptr addrspace(1) %src, i32 %n) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ps = getelementptr inbounds i32, ptr addrspace(1) %src, i32 %tid
  %v = load i32, ptr addrspace(1) %ps, align 4
  %pd = getelementptr inbounds i32, ptr %dst, i32 %tid
  store i32 %v, ptr %pd, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .visible .entry copy(
; CHECK: .param .u64 copy_param_0,
; CHECK-NEXT: .param .u64 .ptr .global .align 1 copy_param_1,
; CHECK: ld.param.u64 {{%rd[0-9]+}}, [copy_param_0];
; CHECK-NEXT: cvta.to.global.u64
; CHECK-NEXT: ld.param.u64 {{%rd[0-9]+}}, [copy_param_1];
; CHECK-NOT: cvta
; CHECK: mov.u32 {{%r[0-9]+}}, %tid.x;
; CHECK: ld.global.u32
; CHECK: st.global.u32
