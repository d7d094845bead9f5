; Vectors of more than four 8- or 16-bit lanes are accessed as 32-bit words: <8 x half> at align 16 is one
; ld/st .v4.b32 unpacked and packed with mov.b32 (@h8); <16 x i8> at align 16 one .v4.b32 with bfe.u32/cvt
; unpacking and cvt/bfi.b32 packing (@b16); <8 x i16> at align 8 two .v2.b32 and at align 4 four .b32 (@w8);
; at align 2 the lanes stay scalar (@h8_2).
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @h8(ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %v = load <8 x half>, ptr addrspace(1) %a, align 16
  %w = fadd <8 x half> %v, %v
  store <8 x half> %w, ptr addrspace(1) %b, align 16
  ret void
}
; CHECK-LABEL: .visible .entry h8(
; CHECK: ld.global.v4.b32 {[[W0:%r[0-9]+]], [[W1:%r[0-9]+]], [[W2:%r[0-9]+]], [[W3:%r[0-9]+]]}, [{{%rd[0-9]+}}];
; CHECK-NEXT: mov.b32 {{\{%rs[0-9]+}}, {{%rs[0-9]+}}}, [[W0]];
; CHECK-NEXT: mov.b32 {{\{%rs[0-9]+}}, {{%rs[0-9]+}}}, [[W1]];
; CHECK: mov.b32 [[P0:%r[0-9]+]], {{\{%rs[0-9]+}}, {{%rs[0-9]+}}};
; CHECK: st.global.v4.b32 [{{%rd[0-9]+}}], {[[P0]], {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}};
; CHECK-NOT: .u16

define ptx_kernel void @b16(ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %v = load <16 x i8>, ptr addrspace(1) %a, align 16
  %w = add <16 x i8> %v, <i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8, i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8>
  store <16 x i8> %w, ptr addrspace(1) %b, align 16
  ret void
}
; CHECK-LABEL: .visible .entry b16(
; CHECK: ld.global.v4.b32 {[[X0:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}, [{{%rd[0-9]+}}];
; CHECK: bfe.u32 {{%r[0-9]+}}, [[X0]], 8, 8;
; CHECK: bfi.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 24, 8;
; CHECK: st.global.v4.b32 [{{%rd[0-9]+}}], {{\{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}};
; CHECK-NOT: .u8

define ptx_kernel void @w8(ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %v = load <8 x i16>, ptr addrspace(1) %a, align 8
  store <8 x i16> %v, ptr addrspace(1) %b, align 4
  ret void
}
; CHECK-LABEL: .visible .entry w8(
; CHECK: ld.global.v2.b32 {{\{%r[0-9]+}}, {{%r[0-9]+}}}, [{{%rd[0-9]+}}];
; CHECK: ld.global.v2.b32 {{\{%r[0-9]+}}, {{%r[0-9]+}}}, [{{%rd[0-9]+}}+8];
; CHECK: st.global.b32 [{{%rd[0-9]+}}], {{%r[0-9]+}};
; CHECK: st.global.b32 [{{%rd[0-9]+}}+12], {{%r[0-9]+}};

define ptx_kernel void @h8_2(ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %v = load <8 x half>, ptr addrspace(1) %a, align 2
  store <8 x half> %v, ptr addrspace(1) %b, align 2
  ret void
}
; CHECK-LABEL: .visible .entry h8_2(
; CHECK: ld.global.b16 {{%rs[0-9]+}}, [{{%rd[0-9]+}}+14];
; CHECK-NOT: .b32
; CHECK: ret;
