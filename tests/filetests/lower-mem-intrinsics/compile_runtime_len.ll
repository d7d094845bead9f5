; memcpy with a run-time length compiles (it used to be an isel error): lower-mem-intrinsics makes it a guarded
; b32 loop (align 4) and a guarded byte loop for the residual, at -O0 as at -O3; ptxas checks sm_70's PTX.
; RUN: compile %s --mcpu sm_70 -O0

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @mc(ptr %d, ptr %s, i64 %n) {
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %d, ptr align 4 %s, i64 %n, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; CHECK-LABEL: .visible .entry mc(
; CHECK: shr.u64 [[UNITS:%rd[0-9]+]], {{%rd[0-9]+}}, 2;
; CHECK: and.b64 [[REST:%rd[0-9]+]], {{%rd[0-9]+}}, 3;
; CHECK: setp.ne.s64 {{%p[0-9]+}}, [[UNITS]], 0;
; CHECK: ld.global.u32
; CHECK: st.global.u32
; CHECK: setp.lt.u64 {{%p[0-9]+}}, {{%rd[0-9]+}}, [[UNITS]];
; CHECK: setp.ne.s64 {{%p[0-9]+}}, [[REST]], 0;
; CHECK: ld.global.u8
; CHECK: st.global.u8
; CHECK: setp.lt.u64 {{%p[0-9]+}}, {{%rd[0-9]+}}, [[REST]];
; CHECK: ret;
