; --knob max-aggr-copy-size=4096 (the most isel unrolls) leaves a 200-byte memcpy to isel.
; RUN: opt %s --passes lower-mem-intrinsics --knob max-aggr-copy-size=4096

target triple = "nvptx64-nvidia-cuda"

define void @c(ptr align 8 %d, ptr align 8 %s) {
entry:
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 200, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; CHECK-LABEL: define void @c(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 200, i1 false)
