; Loads of memory the kernel never writes use the non-coherent path (`ld.global.nc`), as llc-19 decides it:
; every underlying object of the address a `noalias readonly` kernel parameter (through GEPs, casts, selects and
; phis), or `!invariant.load`. A parameter without `noalias` or without `readonly`, a device function's
; parameter, and a volatile load keep `ld.global`.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @ro(ptr noalias readonly %x, ptr noalias readonly %y, ptr noalias writeonly %out, i64 %i, i1 %c) {
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %a = load float, ptr %px, align 4
  %py = getelementptr inbounds float, ptr %y, i64 %i
  %sel = select i1 %c, ptr %px, ptr %py
  %b = load float, ptr %sel, align 4
  %v = load <4 x float>, ptr %y, align 16
  %e = extractelement <4 x float> %v, i32 2
  %s = fadd float %a, %b
  %t = fadd float %s, %e
  %po = getelementptr inbounds float, ptr %out, i64 %i
  store float %t, ptr %po, align 4
  ret void
}

; CHECK-LABEL: .entry ro(
; CHECK: ld.global.nc.f32
; CHECK: ld.global.nc.f32
; CHECK: ld.global.nc.v4.f32
; CHECK: st.global.f32
; CHECK: ret;

define ptx_kernel void @loop_phi(ptr noalias readonly %x, ptr noalias %out, i32 %n) {
entry:
  br label %loop
loop:
  %p = phi ptr [ %x, %entry ], [ %p.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %v = load float, ptr %p, align 4
  %acc.next = fadd float %acc, %v
  %p.next = getelementptr inbounds float, ptr %p, i64 1
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  store float %acc.next, ptr %out, align 4
  ret void
}

; CHECK-LABEL: .entry loop_phi(
; CHECK: ld.global.nc.f32
; CHECK: ret;

define ptx_kernel void @not_ro(ptr readonly %x, ptr noalias %y, ptr noalias readonly %z, ptr noalias %out, ptr %q) {
  %a = load float, ptr %x, align 4
  %b = load float, ptr %y, align 4
  %c = load volatile float, ptr %z, align 4
  %d = load float, ptr %q, align 4, !invariant.load !0
  %s = fadd float %a, %b
  %t = fadd float %s, %c
  %u = fadd float %t, %d
  store float %u, ptr %out, align 4
  store float 1.0, ptr %y, align 4
  ret void
}

; CHECK-LABEL: .entry not_ro(
; CHECK-NOT: ld.global.nc
; CHECK: ld.volatile.global.f32
; CHECK-NOT: ld.global.nc
; CHECK: ld.global.nc.f32
; CHECK-NOT: ld.global.nc
; CHECK: ret;

define void @helper(ptr noalias readonly %x, ptr noalias %out) {
  %p = addrspacecast ptr %x to ptr addrspace(1)
  %a = load float, ptr addrspace(1) %p, align 4
  store float %a, ptr %out, align 4
  ret void
}

; CHECK-LABEL: .func helper(
; CHECK-NOT: ld.global.nc
; CHECK: ld.global.f32
; CHECK-NOT: ld.global.nc
; CHECK: ret;

!0 = !{}
