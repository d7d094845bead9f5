; Alignment decides: four floats at `align 4` (nothing proves more) stay four scalar loads; at `align 8` they are
; two `.v2` loads (PTX needs the vector's own size as alignment); a 16-byte-aligned pair starting at the second
; element (offset 4) is not aligned: only the pair at offsets 8, 12 merges.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @a4(ptr addrspace(1) %p, ptr addrspace(1) %out) {
  %v0 = load float, ptr addrspace(1) %p, align 4
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 2
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds float, ptr addrspace(1) %p, i64 3
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %s0 = fadd float %v0, %v1
  %s1 = fadd float %v2, %v3
  %s = fadd float %s0, %s1
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @a8(ptr addrspace(1) align 8 %p, ptr addrspace(1) %out) {
  %v0 = load float, ptr addrspace(1) %p, align 4
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 2
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds float, ptr addrspace(1) %p, i64 3
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %s0 = fadd float %v0, %v1
  %s1 = fadd float %v2, %v3
  %s = fadd float %s0, %s1
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @odd(ptr addrspace(1) align 16 %p, ptr addrspace(1) %out) {
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p, i64 1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 2
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds float, ptr addrspace(1) %p, i64 3
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %s0 = fadd float %v1, %v2
  %s = fadd float %s0, %v3
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .entry a4(
; CHECK-NOT: .v2.
; CHECK-NOT: .v4.
; CHECK: ld.global.f32
; CHECK: ld.global.f32
; CHECK: ld.global.f32
; CHECK: ld.global.f32
; CHECK: ret;
; CHECK-LABEL: .entry a8(
; CHECK: ld.global.v2.f32
; CHECK: ld.global.v2.f32
; CHECK: ret;
; CHECK-LABEL: .entry odd(
; CHECK: ld.global.f32 {{.*}}+4];
; CHECK: ld.global.v2.f32 {{.*}}+8];
; CHECK: ret;
