; An alloca's alignment belongs to the function: raised from 4 to 16 so the local array's first four stores are
; one st.local.v4 (the next two an 8-byte-aligned .v2); the depot follows the raised alignment.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %arr = alloca [8 x i32], align 4
  %a0 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 0
  store i32 1, ptr %a0, align 4
  %a1 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 1
  store i32 8, ptr %a1, align 4
  %a2 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 2
  store i32 15, ptr %a2, align 4
  %a3 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 3
  store i32 22, ptr %a3, align 4
  %a4 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 4
  store i32 29, ptr %a4, align 4
  %a5 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 5
  store i32 36, ptr %a5, align 4
  %m = and i32 %i, 7
  %w = zext i32 %m to i64
  %p = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %w
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK: .local .align 16 .b8
; CHECK: st.local.v4.u32 [%SPL], {
; CHECK: st.local.v2.u32 [%SPL+16], {
; CHECK: ld.local.u32
; CHECK: ret;
