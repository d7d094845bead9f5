; isel's stack-coloring: three 300-byte local arrays (more than stack-coloring-large, 256 bytes: arrays ptxas keeps
; in local memory) whose lifetimes come one after another share one slot, so the depot is 300 bytes, as in llc's
; frame; smaller arrays share at most in pairs (stack-coloring-max-share; tests/stackcolor/stack_share.ll).
; Without the large-array rule (stack-coloring-large=0) two of them share: 600 bytes.
; RUN: compile %s -O3 --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @big(ptr addrspace(1) %out, i32 %n) {
entry:
  %a = alloca [75 x i32], align 4
  %b = alloca [75 x i32], align 4
  %c = alloca [75 x i32], align 4
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = urem i32 %t, 75
  %iw = zext i32 %i to i64
  %j = urem i32 %n, 75
  %jw = zext i32 %j to i64
  call void @llvm.lifetime.start.p0(i64 300, ptr %a)
  %pa = getelementptr inbounds [75 x i32], ptr %a, i64 0, i64 %iw
  store volatile i32 %t, ptr %pa, align 4
  %qa = getelementptr inbounds [75 x i32], ptr %a, i64 0, i64 %jw
  %xa = load volatile i32, ptr %qa, align 4
  call void @llvm.lifetime.end.p0(i64 300, ptr %a)
  call void @llvm.lifetime.start.p0(i64 300, ptr %b)
  %pb = getelementptr inbounds [75 x i32], ptr %b, i64 0, i64 %iw
  store volatile i32 %t, ptr %pb, align 4
  %qb = getelementptr inbounds [75 x i32], ptr %b, i64 0, i64 %jw
  %xb = load volatile i32, ptr %qb, align 4
  call void @llvm.lifetime.end.p0(i64 300, ptr %b)
  call void @llvm.lifetime.start.p0(i64 300, ptr %c)
  %pc = getelementptr inbounds [75 x i32], ptr %c, i64 0, i64 %iw
  store volatile i32 %t, ptr %pc, align 4
  %qc = getelementptr inbounds [75 x i32], ptr %c, i64 0, i64 %jw
  %xc = load volatile i32, ptr %qc, align 4
  call void @llvm.lifetime.end.p0(i64 300, ptr %c)
  %s1 = add i32 %xa, %xb
  %s2 = add i32 %s1, %xc
  %tw = zext i32 %t to i64
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tw
  store i32 %s2, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)

; CHECK-LABEL: .visible .entry big(
; CHECK: .local .align 4 .b8 __local_depot0[300];
; CHECK: st.volatile.u32
; CHECK: ld.volatile.u32
; CHECK: ret;
