; isel's `gep-signed-terms` rule: indices `sext ((((g - 128) << 2) | K) - t)` for K = 1, 2, 3 — an `nsw` add tree
; (`or disjoint` is one) whose variable terms are negative for half the threads — split as `sext ((g - 128) << 2) +
; sext (-t) + K` and share one base (`[b+4]`, `[b+8]`, `[b+12]`).
; Then in[7 - t], in[9 - t] and in[5 - d] (`sub nsw` of a constant and a variable: `c - ext x`).
; crates/simtc/tests/gep_signed_terms.rs runs it in the emulator against the value computed in Rust.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @signed_terms(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bn = mul nuw nsw i32 %b, %n
  %g = add nuw nsw i32 %bn, %t
  %base = getelementptr inbounds i32, ptr addrspace(1) %in, i64 640
  %d = sub nsw i32 %g, 128
  %mt = sub nsw i32 0, %t
  %s1 = shl i32 %d, 2
  %o1 = or disjoint i32 %s1, 1
  %a1 = add nsw i32 %o1, %mt
  %i1 = sext i32 %a1 to i64
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i1
  %v1 = load i32, ptr addrspace(1) %p1, align 4
  %s2 = shl nsw i32 %d, 2
  %o2 = or disjoint i32 %s2, 2
  %a2 = add nsw i32 %mt, %o2
  %i2 = sext i32 %a2 to i64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i2
  %v2 = load i32, ptr addrspace(1) %p2, align 4
  %s3 = shl i32 %d, 2
  %o3 = or disjoint i32 %s3, 3
  %a3 = add nsw i32 %o3, %mt
  %i3 = sext i32 %a3 to i64
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %i3
  %v3 = load i32, ptr addrspace(1) %p3, align 4
  %m1 = mul i32 %v1, 3
  %m2 = mul i32 %v2, 5
  %m3 = mul i32 %v3, 7
  %r1 = add i32 %m1, %m2
  %r0 = add i32 %r1, %m3
  ; A constant minus a variable (`sub nsw`): in[7 - t] and in[9 - t] share `base - 4t` (t is non-negative: a zero
  ; extension), in[5 - d] with d negative for half the threads (a sign extension).
  %n7 = sub nsw i32 7, %t
  %j7 = sext i32 %n7 to i64
  %q7 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %j7
  %w7 = load i32, ptr addrspace(1) %q7, align 4
  %n9 = sub nsw i32 9, %t
  %j9 = sext i32 %n9 to i64
  %q9 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %j9
  %w9 = load i32, ptr addrspace(1) %q9, align 4
  %n5 = sub nsw i32 5, %d
  %j5 = sext i32 %n5 to i64
  %q5 = getelementptr inbounds i32, ptr addrspace(1) %base, i64 %j5
  %w5 = load i32, ptr addrspace(1) %q5, align 4
  %m7 = mul i32 %w7, 11
  %m9 = mul i32 %w9, 13
  %m5 = mul i32 %w5, 17
  %r3 = add i32 %r0, %m7
  %r4 = add i32 %r3, %m9
  %r2 = add i32 %r4, %m5
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %g
  store i32 %r2, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
