; Bitcasts involving vectors of elements narrower than their registers go through packed integer words: the
; source elements are combined with and/bfi, the destination elements extracted with bfe (<4 x i8> <-> i32,
; <2 x i8> <-> i16, <8 x i8> <-> double with 64-bit words). <4 x i8> memory accesses use .v4.u8.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bytes(ptr %out, ptr %in, i32 %w, i16 %h, double %d) {
  %v = load <4 x i8>, ptr %in, align 4
  %b = bitcast i32 %w to <4 x i8>
  %s = add <4 x i8> %b, %v
  %packed = bitcast <4 x i8> %s to i32
  store i32 %packed, ptr %out
  %two = bitcast i16 %h to <2 x i8>
  %sw = shufflevector <2 x i8> %two, <2 x i8> undef, <2 x i32> <i32 1, i32 0>
  %h2 = bitcast <2 x i8> %sw to i16
  %ph = getelementptr i16, ptr %out, i64 2
  store i16 %h2, ptr %ph
  %eight = bitcast double %d to <8 x i8>
  %e7 = extractelement <8 x i8> %eight, i32 7
  %pb = getelementptr i8, ptr %out, i64 6
  store i8 %e7, ptr %pb
  %pv = getelementptr i8, ptr %out, i64 8
  store <4 x i8> %s, ptr %pv, align 4
  ret void
}

; CHECK-LABEL: .visible .entry bytes(
; CHECK: ld.global.v4.u8 {{\{%rs[0-9]+}}, {{%rs[0-9]+}}, {{%rs[0-9]+}}, {{%rs[0-9]+}}}, [{{%rd[0-9]+}}];
; i32 -> <4 x i8>: one bfe per byte.
; CHECK-NEXT: bfe.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 8;
; CHECK-NEXT: cvt.u16.u32
; CHECK-NEXT: bfe.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 8;
; CHECK-NEXT: cvt.u16.u32
; CHECK-NEXT: bfe.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 8;
; CHECK-NEXT: cvt.u16.u32
; CHECK-NEXT: bfe.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 24, 8;
; CHECK-NEXT: cvt.u16.u32
; CHECK: add.s16
; CHECK-NEXT: add.s16
; CHECK-NEXT: add.s16
; CHECK-NEXT: add.s16
; <4 x i8> -> i32: the first byte masked, the others inserted with bfi.
; CHECK-NEXT: cvt.u32.u16
; CHECK-NEXT: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 255;
; CHECK-NEXT: cvt.u32.u16
; CHECK-NEXT: bfi.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 8;
; CHECK-NEXT: cvt.u32.u16
; CHECK-NEXT: bfi.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 8;
; CHECK-NEXT: cvt.u32.u16
; CHECK-NEXT: bfi.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 24, 8;
; CHECK-NEXT: st.global.u32
; i16 <-> <2 x i8> through a 32-bit word (the i16 parameter is loaded into it with an extending ld.param.u16).
; CHECK-NEXT: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 65535;
; CHECK-NEXT: bfe.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 8;
; CHECK: bfi.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 8;
; CHECK: st.global.u16
; double -> <8 x i8>: a 64-bit word; only the used byte survives.
; CHECK: mov.b64 {{%rd[0-9]+}}, {{%fd[0-9]+}};
; CHECK: bfe.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 56, 8;
; CHECK-NEXT: cvt.u16.u64
; CHECK-NEXT: st.global.u8
; CHECK-NEXT: st.global.v4.u8
