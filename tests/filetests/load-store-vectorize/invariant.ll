; The vector access keeps the metadata all its members carry: two `!invariant.load` loads are one
; `ld.global.nc.v2.f32`; a pair where only one member has it is an `ld.global.v2.f32`.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @inv(ptr addrspace(1) align 8 %p, ptr addrspace(1) align 8 %q, ptr addrspace(1) %out) {
  %a = load float, ptr addrspace(1) %p, align 4, !invariant.load !0
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  %b = load float, ptr addrspace(1) %p1, align 4, !invariant.load !0
  %c = load float, ptr addrspace(1) %q, align 4, !invariant.load !0
  %q1 = getelementptr inbounds float, ptr addrspace(1) %q, i64 1
  %d = load float, ptr addrspace(1) %q1, align 4
  %s = fadd float %a, %b
  %t = fadd float %c, %d
  %u = fadd float %s, %t
  store float %u, ptr addrspace(1) %out, align 4
  ret void
}

!0 = !{}

; CHECK-LABEL: .entry inv(
; CHECK: ld.global.nc.v2.f32
; CHECK: ld.global.v2.f32
; CHECK: ret;
