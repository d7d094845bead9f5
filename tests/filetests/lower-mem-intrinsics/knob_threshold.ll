; --knob max-aggr-copy-size moves the line between isel's unrolling and the loops: at 0 even a 16-byte memcpy
; becomes a loop (2 i64 units); at 4096 a 200-byte one stays a call.
; RUN: opt %s --passes lower-mem-intrinsics --knob max-aggr-copy-size=0

target triple = "nvptx64-nvidia-cuda"

define void @c(ptr align 8 %d, ptr align 8 %s) {
entry:
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 16, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; CHECK-LABEL: define void @c(
; CHECK-NEXT: entry:
; CHECK-NEXT: br label %memcpy.loop
; CHECK: load i64
; CHECK: icmp ult i64 {{%[0-9]+}}, 2
; CHECK-NOT: call void @llvm.memcpy
