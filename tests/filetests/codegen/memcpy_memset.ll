; memcpy/memmove/memset with small constant lengths are unrolled into loads/stores in the widest chunk the
; alignment allows (b64/b32/b16/b8); memset splats its byte into a wider chunk (0x01010101 * b); memmove loads
; everything before storing. (local-forward is off: it would forward the values this test stores to and loads
; from the local frame, see local_forward.ll.)
; RUN: compile %s --mcpu sm_80 --disable-pass local-forward

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @mem(ptr %dst, ptr %src, i8 %b) {
  %tmp = alloca [16 x i8], align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %tmp, ptr align 8 %src, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %dst, ptr align 8 %tmp, i64 16, i1 false)
  %d2 = getelementptr i8, ptr %dst, i64 16
  call void @llvm.memset.p0.i64(ptr align 4 %d2, i8 7, i64 8, i1 false)
  %d3 = getelementptr i8, ptr %dst, i64 24
  call void @llvm.memset.p0.i64(ptr align 1 %d3, i8 %b, i64 2, i1 false)
  %d4 = getelementptr i8, ptr %dst, i64 1
  call void @llvm.memmove.p0.p0.i64(ptr align 1 %d4, ptr align 1 %dst, i64 3, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)

; CHECK-LABEL: .visible .entry mem(
; memcpy global -> local (the alloca), 8-byte chunks.
; CHECK: ld.global.b64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}];
; CHECK-NEXT: st.local.b64 [%SPL], {{%rd[0-9]+}};
; CHECK-NEXT: ld.global.b64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}+8];
; CHECK-NEXT: st.local.b64 [%SPL+8], {{%rd[0-9]+}};
; memcpy local -> global.
; CHECK-NEXT: ld.local.b64 {{%rd[0-9]+}}, [%SPL];
; CHECK-NEXT: st.global.b64 [{{%rd[0-9]+}}], {{%rd[0-9]+}};
; CHECK-NEXT: ld.local.b64 {{%rd[0-9]+}}, [%SPL+8];
; CHECK-NEXT: st.global.b64 [{{%rd[0-9]+}}+8], {{%rd[0-9]+}};
; memset of 8 bytes at align 4 with the constant byte 7: two b32 stores of 0x07070707.
; CHECK-NEXT: st.global.b32 [{{%rd[0-9]+}}+16], 117901063;
; CHECK-NEXT: st.global.b32 [{{%rd[0-9]+}}+20], 117901063;
; memset with a variable byte at align 1: stored bytewise, the byte itself (no splat: a byte store would only
; truncate it back; HeCBench gamma-correction's pixel memset, two SASS instructions).
; CHECK-NEXT: st.global.b8 [{{%rd[0-9]+}}+24], [[B:%rs[0-9]+]];
; CHECK-NEXT: st.global.b8 [{{%rd[0-9]+}}+25], [[B]];
; memmove: all loads first, then the stores.
; CHECK-NEXT: ld.global.b8 {{%rs[0-9]+}}, [{{%rd[0-9]+}}];
; CHECK-NEXT: ld.global.b8 {{%rs[0-9]+}}, [{{%rd[0-9]+}}+1];
; CHECK-NEXT: ld.global.b8 {{%rs[0-9]+}}, [{{%rd[0-9]+}}+2];
; CHECK-NEXT: st.global.b8 [{{%rd[0-9]+}}+1],
; CHECK-NEXT: st.global.b8 [{{%rd[0-9]+}}+2],
; CHECK-NEXT: st.global.b8 [{{%rd[0-9]+}}+3],
