; fence seq_cst is fence.sc, the other orderings fence.acq_rel, each with its scope (.sys default, .gpu for
; "device", .cta for "block"); the legacy membar intrinsics are membar.cta/gl/sys.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @fences() {
  fence seq_cst
  fence syncscope("device") seq_cst
  fence syncscope("block") acquire
  fence syncscope("device") release
  fence acq_rel
  call void @llvm.nvvm.membar.cta()
  call void @llvm.nvvm.membar.gl()
  call void @llvm.nvvm.membar.sys()
  ret void
}

declare void @llvm.nvvm.membar.cta()
declare void @llvm.nvvm.membar.gl()
declare void @llvm.nvvm.membar.sys()

; CHECK-LABEL: .visible .entry fences()
; CHECK: fence.sc.sys;
; CHECK-NEXT: fence.sc.gpu;
; CHECK-NEXT: fence.acq_rel.cta;
; CHECK-NEXT: fence.acq_rel.gpu;
; CHECK-NEXT: fence.acq_rel.sys;
; CHECK-NEXT: membar.cta;
; CHECK-NEXT: membar.gl;
; CHECK-NEXT: membar.sys;
; CHECK-NEXT: ret;
