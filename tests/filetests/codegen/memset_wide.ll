; A small memset of a constant byte outside the local frame goes out in 64-bit units where the alignment allows
; (llc-19's i64 stores): a zero is then ptxas' RZ register pair, two STG.E.64 for cub's 16-byte tile-descriptor
; clear, where four 32-bit stores were four instructions. A run-time byte stays in splatted 32-bit units (a 64-bit
; splat costs more than the stores it saves); a length that is no multiple of 8 ends in narrower units (12 bytes
; at align 16: 8 + 4, as llc's legalizer splits it; a cub `storeElement` clear of 20 bytes is 8 + 8 + 4); a thread's
; local frame keeps 32-bit units (the slots local-forward and ptxas' promotion of local arrays work on).
; RUN: compile %s --mcpu sm_90 --disable-pass local-forward

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @set(ptr addrspace(1) %dst, i8 %b, i32 %i) {
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 16 %dst, i8 0, i64 16, i1 false)
  %d16 = getelementptr i8, ptr addrspace(1) %dst, i64 16
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 8 %d16, i8 %b, i64 8, i1 false)
  %d24 = getelementptr i8, ptr addrspace(1) %dst, i64 24
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 8 %d24, i8 -85, i64 8, i1 false)
  %d48 = getelementptr i8, ptr addrspace(1) %dst, i64 48
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 16 %d48, i8 1, i64 12, i1 false)
  %tmp = alloca [4 x i32], align 16
  call void @llvm.memset.p0.i64(ptr align 16 %tmp, i8 0, i64 16, i1 false)
  %e = getelementptr i32, ptr %tmp, i32 %i
  store i32 5, ptr %e, align 4
  %v = load i32, ptr %tmp, align 16
  %o = getelementptr i32, ptr addrspace(1) %dst, i64 20
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

declare void @llvm.memset.p1.i64(ptr addrspace(1), i8, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; CHECK-LABEL: .visible .entry set(
; CHECK: st.global.b64 {{\[}}[[D:%rd[0-9]+]]{{\]}}, 0;
; CHECK-NEXT: st.global.b64 {{\[}}[[D]]+8{{\]}}, 0;
; CHECK: st.global.b32 {{\[}}[[D]]+16{{\]}}, [[S:%r[0-9]+]];
; CHECK-NEXT: st.global.b32 {{\[}}[[D]]+20{{\]}}, [[S]];
; CHECK-NEXT: st.global.b64 {{\[}}[[D]]+24{{\]}}, -6076574518398440533;
; CHECK-NEXT: st.global.b64 {{\[}}[[D]]+48{{\]}}, 72340172838076673;
; CHECK-NEXT: st.global.b32 {{\[}}[[D]]+56{{\]}}, 16843009;
; CHECK: st.local.b32 [%SPL], 0;
; CHECK-NEXT: st.local.b32 [%SPL+4], 0;
; CHECK-NEXT: st.local.b32 [%SPL+8], 0;
; CHECK-NEXT: st.local.b32 [%SPL+12], 0;
