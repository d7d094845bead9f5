; local-forward: a struct swapped through a temporary (clang's three memcpys around an alloca) leaves no
; local-memory traffic: the values stored to the frame are forwarded to the loads in the same block and the
; stores, read by nothing else, are deleted (HeCBench's shmembench: 644 ld.local/st.local -> 0,
; benchmark_shmem 1,461 -> 1,141 SASS instructions on sm_90; llc-19 gets the same from SROA). The frame's
; declaration stays; ptxas gives the kernel no stack frame. @escapes passes the temporary's address to a device
; function: its frame stays in local memory.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.float4 = type { float, float, float, float }

define ptx_kernel void @swap(ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %t = alloca %struct.float4, align 16
  %ga = addrspacecast ptr addrspace(1) %a to ptr
  %gb = addrspacecast ptr addrspace(1) %b to ptr
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %t, ptr align 16 %gb, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %gb, ptr align 16 %ga, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %ga, ptr align 16 %t, i64 16, i1 false)
  ret void
}

define void @sink(ptr %p) noinline {
  store float 1.0, ptr %p, align 4
  ret void
}

define ptx_kernel void @escapes(ptr addrspace(1) %a) {
  %t = alloca %struct.float4, align 16
  %ga = addrspacecast ptr addrspace(1) %a to ptr
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %t, ptr align 16 %ga, i64 16, i1 false)
  call void @sink(ptr %t)
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %ga, ptr align 16 %t, i64 16, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)

; CHECK-LABEL: .entry swap(
; CHECK-NOT: ld.local
; CHECK-NOT: st.local
; CHECK: ret;
; CHECK-LABEL: .entry escapes(
; CHECK: st.local
; CHECK: call.uni
; CHECK: ld.local
