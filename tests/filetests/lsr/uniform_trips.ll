; lsr: a loop from a divergent start S to S + U with U uniform (each thread its own slice, the same number of
; iterations) gets a uniform counter from U down to zero, so its exit branch is uniform: ptxas then needs no
; reconvergence region around it (HeCBench atomicCost's remainder loop: 43 -> 41 SASS, BSSY/BSYNC gone, llc-19
; 40). The counter %j keeps its other reader; with none it is deleted. A bound that is not S + U, or a
; constant trip count, is left alone.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @slice(ptr addrspace(1) %p, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = mul i32 %t, %n
  %k = add i32 %n, %s
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %j = phi i32 [ %s, %entry ], [ %j.next, %loop ]
  %b = and i32 %j, 1
  %a = atomicrmw add ptr addrspace(1) %p, i32 %b monotonic, align 4
  %j.next = add nsw i32 %j, 1
  %done = icmp eq i32 %j.next, %k
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @slice(
; CHECK: %lsr.trips = phi i32 [ %n, %entry ], [ %lsr.trips.next, %loop ]
; CHECK: %j.next = add nsw i32 %j, 1
; CHECK: %lsr.trips.next = add i32 %lsr.trips, -1
; CHECK-NEXT: %done = icmp eq i32 %lsr.trips.next, 0

define ptx_kernel void @only_counts(ptr addrspace(1) %p, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %k = add i32 %t, %n
  br label %loop
loop:
  %j = phi i32 [ %t, %entry ], [ %j.next, %loop ]
  store volatile i32 0, ptr addrspace(1) %p, align 4
  %j.next = add i32 %j, 2
  %done = icmp ne i32 %j.next, %k
  br i1 %done, label %loop, label %exit
exit:
  ret void
}

; The counter has no other reader: it goes, the uniform one steps by -2.
; CHECK-LABEL: define ptx_kernel void @only_counts(
; CHECK: %lsr.trips = phi i32 [ %n, %entry ], [ %lsr.trips.next, %loop ]
; CHECK-NOT: %j
; CHECK: %lsr.trips.next = add i32 %lsr.trips, -2
; CHECK-NEXT: %done = icmp ne i32 %lsr.trips.next, 0

define ptx_kernel void @const_trips(ptr addrspace(1) %p) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %k = add i32 %t, 8
  br label %loop
loop:
  %j = phi i32 [ %t, %entry ], [ %j.next, %loop ]
  store volatile i32 %j, ptr addrspace(1) %p, align 4
  %j.next = add i32 %j, 1
  %done = icmp eq i32 %j.next, %k
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @const_trips(
; CHECK-NOT: lsr.trips
; CHECK: %done = icmp eq i32 %j.next, %k

define ptx_kernel void @divergent_count(ptr addrspace(1) %p, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = mul i32 %t, %n
  %k = add i32 %s, %t
  br label %loop
loop:
  %j = phi i32 [ %s, %entry ], [ %j.next, %loop ]
  store volatile i32 %j, ptr addrspace(1) %p, align 4
  %j.next = add i32 %j, 1
  %done = icmp eq i32 %j.next, %k
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; The trip count %t is divergent itself.
; CHECK-LABEL: define ptx_kernel void @divergent_count(
; CHECK-NOT: lsr.trips
; CHECK: %done = icmp eq i32 %j.next, %k
