; float4-style access: p[4*i], p[4*i+1], p[4*i+2], p[4*i+3] (indices `or disjoint` of a `shl nsw`, sign-extended)
; are one `ld.global.v4.f32`. The loads say `align 4`; the 16-byte alignment is proven from the parameter's
; `align 16` and the index's scale (16 bytes per `i`). The four stores to q[4*i..] with `align 16` on the first
; are one `st.global.v4.f32` at the last store's place.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @f4(ptr addrspace(1) align 16 %p, ptr addrspace(1) %q, i32 %i) {
  %i4 = shl nsw i32 %i, 2
  %e0 = sext i32 %i4 to i64
  %a0 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e0
  %v0 = load float, ptr addrspace(1) %a0, align 4
  %i1 = or disjoint i32 %i4, 1
  %e1 = sext i32 %i1 to i64
  %a1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e1
  %v1 = load float, ptr addrspace(1) %a1, align 4
  %i2 = or disjoint i32 %i4, 2
  %e2 = sext i32 %i2 to i64
  %a2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e2
  %v2 = load float, ptr addrspace(1) %a2, align 4
  %i3 = add nsw i32 %i4, 3
  %e3 = sext i32 %i3 to i64
  %a3 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e3
  %v3 = load float, ptr addrspace(1) %a3, align 4
  %w0 = fmul float %v0, 2.0
  %w1 = fmul float %v1, 3.0
  %w2 = fmul float %v2, 4.0
  %w3 = fmul float %v3, 5.0
  %b0 = getelementptr inbounds float, ptr addrspace(1) %q, i64 %e0
  store float %w3, ptr addrspace(1) %b0, align 16
  %b1 = getelementptr inbounds float, ptr addrspace(1) %q, i64 %e1
  store float %w2, ptr addrspace(1) %b1, align 4
  %b2 = getelementptr inbounds float, ptr addrspace(1) %q, i64 %e2
  store float %w1, ptr addrspace(1) %b2, align 8
  %b3 = getelementptr inbounds float, ptr addrspace(1) %q, i64 %e3
  store float %w0, ptr addrspace(1) %b3, align 4
  ret void
}

; CHECK-LABEL: .entry f4(
; CHECK: ld.global.v4.f32
; CHECK-NOT: ld.global.f32
; CHECK: st.global.v4.f32
; CHECK-NOT: st.global.f32
; CHECK: ret;
