; shfl.sync in all four modes on i32 and f32, and the `p` variants that also return the in-range predicate
; (printed as d|p); operands are (value, lane/delta, clamp, mask).
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @shfl(ptr %out, i32 %v, float %f) {
  %a = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 0, i32 31)
  %b = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %a, i32 1, i32 0)
  %c = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %b, i32 2, i32 31)
  %d = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %c, i32 4, i32 31)
  %e = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %f, i32 16, i32 31)
  %g = call float @llvm.nvvm.shfl.sync.down.f32(i32 65535, float %e, i32 1, i32 31)
  %pr = call { i32, i1 } @llvm.nvvm.shfl.sync.down.i32p(i32 -1, i32 %d, i32 8, i32 31)
  %pv = extractvalue { i32, i1 } %pr, 0
  %pp = extractvalue { i32, i1 } %pr, 1
  %fr = call { float, i1 } @llvm.nvvm.shfl.sync.idx.f32p(i32 -1, float %g, i32 3, i32 31)
  %fv = extractvalue { float, i1 } %fr, 0
  %fp = extractvalue { float, i1 } %fr, 1
  %both = and i1 %pp, %fp
  %sel = select i1 %both, i32 %pv, i32 0
  store i32 %sel, ptr %out
  %po = getelementptr float, ptr %out, i64 1
  store float %fv, ptr %po
  ret void
}

declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32)
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.down.i32p(i32, i32, i32, i32)
declare { float, i1 } @llvm.nvvm.shfl.sync.idx.f32p(i32, float, i32, i32)

; CHECK-LABEL: .visible .entry shfl(
; CHECK: shfl.sync.idx.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 31, -1;
; CHECK-NEXT: shfl.sync.up.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 0, -1;
; CHECK-NEXT: shfl.sync.down.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
; CHECK-NEXT: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
; CHECK-NEXT: shfl.sync.bfly.b32 {{%f[0-9]+}}, {{%f[0-9]+}}, 16, 31, -1;
; CHECK-NEXT: shfl.sync.down.b32 {{%f[0-9]+}}, {{%f[0-9]+}}, 1, 31, 65535;
; CHECK-NEXT: shfl.sync.down.b32 {{%r[0-9]+}}|{{%p[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
; CHECK-NEXT: shfl.sync.idx.b32 {{%f[0-9]+}}|{{%p[0-9]+}}, {{%f[0-9]+}}, 3, 31, -1;
; CHECK-NEXT: and.pred
