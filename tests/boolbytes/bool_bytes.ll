; isel's `bool-bytes` rule: CUDA bools as bytes. For each thread g, with a = in[g], b = in[g + 256] and
; c = in[g + 512] (each 0 or 1):
;   out[g]       = a && b             (select a, b, false)
;   out[g + 256] = (a || b) ^ c       (select a, true, b; xor)
;   out[g + 512] = !(a & c) | b       (and; xor true; or)
; and a plain `zext (trunc nuw c)` (a lone leaf: `c`'s byte itself) at out[g + 768].
; crates/simtc/tests/bool_bytes.rs runs it in the emulator against the value computed in Rust.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bool_bytes(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bk = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bn = mul nuw nsw i32 %bk, %n
  %g = add nuw nsw i32 %bn, %t
  %ga = zext i32 %g to i64
  %gb = add nuw nsw i64 %ga, 256
  %gc = add nuw nsw i64 %ga, 512
  %gd = add nuw nsw i64 %ga, 768
  %pa = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %ga
  %pb = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %gb
  %pc = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %gc
  %xa = load i8, ptr addrspace(1) %pa, align 1, !range !0, !noundef !1
  %xb = load i8, ptr addrspace(1) %pb, align 1, !range !0, !noundef !1
  %xc = load i8, ptr addrspace(1) %pc, align 1, !range !0, !noundef !1
  %a = trunc nuw i8 %xa to i1
  %b = trunc nuw i8 %xb to i1
  %c = trunc nuw i8 %xc to i1
  %and = select i1 %a, i1 %b, i1 false
  %r0 = zext i1 %and to i8
  %o0 = getelementptr inbounds i8, ptr addrspace(1) %out, i64 %ga
  store i8 %r0, ptr addrspace(1) %o0, align 1
  %or = select i1 %a, i1 true, i1 %b
  %x = xor i1 %or, %c
  %r1 = zext i1 %x to i8
  %o1 = getelementptr inbounds i8, ptr addrspace(1) %out, i64 %gb
  store i8 %r1, ptr addrspace(1) %o1, align 1
  %ac = and i1 %a, %c
  %nac = xor i1 %ac, true
  %y = or i1 %nac, %b
  %r2 = zext i1 %y to i8
  %o2 = getelementptr inbounds i8, ptr addrspace(1) %out, i64 %gc
  store i8 %r2, ptr addrspace(1) %o2, align 1
  %r3 = zext i1 %c to i8
  %o3 = getelementptr inbounds i8, ptr addrspace(1) %out, i64 %gd
  store i8 %r3, ptr addrspace(1) %o3, align 1
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

!0 = !{i8 0, i8 2}
!1 = !{}
