; gvn-cse: three loads indexed by the same i (sext + shl computed once per array in isel) share one index
; computation; the barrier between the shared loads keeps the second load. (`combine` would then fuse the shared
; mul.wide into one mad.wide per address, see mir/combine_mad_lo.mir; it is off here to see gvn-cse's result.)
; RUN: compile %s --mcpu sm_90 --disable-pass combine

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x float] undef, align 4

define ptx_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, i32 %i) {
  %x = sext i32 %i to i64
  %pa = getelementptr float, ptr addrspace(1) %a, i64 %x
  %pb = getelementptr float, ptr addrspace(1) %b, i64 %x
  %va = load float, ptr addrspace(1) %pa, align 4
  %vb = load float, ptr addrspace(1) %pb, align 4
  %s = fadd float %va, %vb
  %ps = getelementptr [64 x float], ptr addrspace(3) @tile, i64 0, i64 %x
  %t0 = load float, ptr addrspace(3) %ps, align 4
  call void @llvm.nvvm.barrier0()
  %t1 = load float, ptr addrspace(3) %ps, align 4
  %u = fadd float %t0, %t1
  %w = fadd float %s, %u
  %pc = getelementptr float, ptr addrspace(1) %c, i64 %x
  store float %w, ptr addrspace(1) %pc, align 4
  ret void
}

declare void @llvm.nvvm.barrier0()

; CHECK-LABEL: .entry k(
; CHECK: mul.wide.s32
; CHECK-NOT: mul.wide.s32
; CHECK: ld.shared.f32
; CHECK-NEXT: bar.sync 0;
; CHECK-NEXT: ld.shared.f32
; CHECK: ret;
