; lsr: a counter between constants (i from 0 to 1000, a constant trip count) that only feeds the exit test once
; its address became a pointer IV moves the test onto that IV, LLVM's LFTR: the pointer IV (step 12 bytes, uniform)
; is compared with its start plus 999 * 12 (the IV's increment comes after the test, so the test reads the old
; value one step earlier), and the counter is deleted. Left alone: a non-constant bound, and a divergent partner
; (the uniform test would become divergent).
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @fixed(ptr addrspace(1) %p, ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %a = getelementptr inbounds [3 x float], ptr addrspace(1) %p, i64 %i, i64 0
  %b = getelementptr inbounds [3 x float], ptr addrspace(1) %p, i64 %i, i64 2
  %x = load float, ptr addrspace(1) %a, align 4
  %y = load float, ptr addrspace(1) %b, align 4
  %s = fadd float %x, %y
  %acc.next = fadd float %acc, %s
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 1000
  br i1 %done, label %exit, label %loop
exit:
  store float %acc.next, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @fixed(
; CHECK: [[END:%[0-9a-z.]+]] = getelementptr i8, ptr addrspace(1) %p, i64 11988
; CHECK-NEXT: br label %loop
; CHECK-NOT: %i = phi
; CHECK: %lsr.iv = phi ptr addrspace(1) [ %p, %entry ], [ %lsr.iv.next, %loop ]
; CHECK: %done = icmp eq ptr addrspace(1) %lsr.iv, [[END]]

define ptx_kernel void @divergent_partner(ptr addrspace(1) %p, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %j = add nuw nsw i64 %i, %t64
  %a = getelementptr inbounds [3 x float], ptr addrspace(1) %p, i64 %j, i64 0
  %b = getelementptr inbounds [3 x float], ptr addrspace(1) %p, i64 %j, i64 2
  %x = load float, ptr addrspace(1) %a, align 4
  %y = load float, ptr addrspace(1) %b, align 4
  %s = fadd float %x, %y
  %acc.next = fadd float %acc, %s
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 1000
  br i1 %done, label %exit, label %loop
exit:
  store float %acc.next, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @divergent_partner(
; CHECK: %i.next = add nuw nsw i64 %i, 1
; CHECK-NEXT: %done = icmp eq i64 %i.next, 1000
