; The four bytes of a word stored as a <4 x i8> built from x, x >> 8, x >> 16, x >> 24 (how clang's vectorizers
; write `out[4t + k] = (uint8_t)(x >> 8k)`): with align 4 isel stores the word itself (one st.u32); with align 1
; it stays byte-wise. Both must write the little-endian bytes of in[t] (crates/simtc/tests/word_bytes.rs).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @word_bytes(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %odd) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = zext nneg i32 %t to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %w
  %x = load i32, ptr addrspace(1) %p, align 4
  %x1 = lshr i32 %x, 8
  %x2 = lshr i32 %x, 16
  %x3 = ashr i32 %x, 24
  %v0 = insertelement <4 x i32> poison, i32 %x, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %x1, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %x2, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %x3, i64 3
  %b = trunc <4 x i32> %v3 to <4 x i8>
  %q = getelementptr inbounds <4 x i8>, ptr addrspace(1) %out, i64 %w
  store <4 x i8> %b, ptr addrspace(1) %q, align 4
  %o4 = shl nuw nsw i64 %w, 2
  %o = add nuw nsw i64 %o4, 1
  %r = getelementptr inbounds i8, ptr addrspace(1) %odd, i64 %o
  store <4 x i8> %b, ptr addrspace(1) %r, align 1
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
