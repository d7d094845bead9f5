; A load or store below its type's natural alignment is split as the data layout requires, as llc-19 does: into
; the widest pieces the alignment at each piece's offset allows, combined with shl/or (loads) or taken apart with
; shr (stores); float values travel through an integer register. An i24 touches exactly its 3 bytes.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [64 x i8] undef, align 4

define ptx_kernel void @loads(ptr addrspace(1) %p, ptr addrspace(1) %out) {
  %a = load i32, ptr addrspace(1) %p, align 1
  store i32 %a, ptr addrspace(1) %out, align 4
  %q = getelementptr i8, ptr addrspace(1) %p, i64 8
  %b = load i64, ptr addrspace(1) %q, align 4
  %o8 = getelementptr i8, ptr addrspace(1) %out, i64 8
  store i64 %b, ptr addrspace(1) %o8, align 8
  %f = load float, ptr addrspace(1) %q, align 2
  %o16 = getelementptr i8, ptr addrspace(1) %out, i64 16
  store float %f, ptr addrspace(1) %o16, align 4
  %s = getelementptr i8, ptr addrspace(3) @sh, i64 1
  %h = load i16, ptr addrspace(3) %s, align 1
  %o20 = getelementptr i8, ptr addrspace(1) %out, i64 20
  store i16 %h, ptr addrspace(1) %o20, align 2
  %c = load i24, ptr addrspace(1) %p, align 4
  %o24 = getelementptr i8, ptr addrspace(1) %out, i64 24
  store i24 %c, ptr addrspace(1) %o24, align 8
  ret void
}

; CHECK-LABEL: .entry loads(
; The i32 at align 1: four bytes.
; CHECK: ld.global.u8 [[B0:%r[0-9]+]], [[[P:%rd[0-9]+]]];
; CHECK-NEXT: ld.global.u8 {{%r[0-9]+}}, [[[P]]+1];
; CHECK: ld.global.u8 {{%r[0-9]+}}, [[[P]]+2];
; CHECK: ld.global.u8 {{%r[0-9]+}}, [[[P]]+3];
; CHECK: st.global.u32
; The i64 at align 4: two words.
; CHECK: ld.global.u32 {{%rd[0-9]+}}, [[[P]]+8];
; CHECK-NEXT: ld.global.u32 {{%rd[0-9]+}}, [[[P]]+12];
; CHECK: st.global.u64
; The float at align 2: two half-words into an integer register, then moved into the float register.
; CHECK: ld.global.u16 {{%r[0-9]+}}, [[[P]]+8];
; CHECK-NEXT: ld.global.u16 {{%r[0-9]+}}, [[[P]]+10];
; CHECK: mov.b32 {{%f[0-9]+}}, {{%r[0-9]+}};
; CHECK: st.global.f32
; The i16 at align 1 in shared memory: two bytes.
; CHECK: ld.shared.u8 {{%rs[0-9]+}}, [sh+1];
; CHECK-NEXT: ld.shared.u8 {{%rs[0-9]+}}, [sh+2];
; The i24: a half-word and a byte, loaded and stored.
; CHECK: ld.global.u16 {{%r[0-9]+}}, [[[P]]];
; CHECK-NEXT: ld.global.u8 {{%r[0-9]+}}, [[[P]]+2];
; CHECK: st.global.u16 [{{%rd[0-9]+}}+24],
; CHECK: st.global.u8 [{{%rd[0-9]+}}+26],
; CHECK-NOT: ld.global.u32 {{%r[0-9]+}}, [[[P]]];

define ptx_kernel void @stores(ptr addrspace(1) %p, i64 %v, double %d) {
  store i64 %v, ptr addrspace(1) %p, align 2
  %q = getelementptr i8, ptr addrspace(1) %p, i64 16
  store double %d, ptr addrspace(1) %q, align 4
  %r = getelementptr i8, ptr addrspace(1) %p, i64 33
  store i32 305419896, ptr addrspace(1) %r, align 1
  ret void
}

; CHECK-LABEL: .entry stores(
; The i64 at align 2: four half-words, each shifted down.
; CHECK: st.global.u16 [[[P:%rd[0-9]+]]], [[V:%rd[0-9]+]];
; CHECK: shr.u64 [[S1:%rd[0-9]+]], [[V]], 16;
; CHECK-NEXT: st.global.u16 [[[P]]+2], [[S1]];
; CHECK: shr.u64 [[S3:%rd[0-9]+]], [[V]], 48;
; CHECK-NEXT: st.global.u16 [[[P]]+6], [[S3]];
; The double at align 4: moved to an integer register, two words.
; CHECK: mov.b64 [[D:%rd[0-9]+]], {{%fd[0-9]+}};
; CHECK-NEXT: st.global.u32 [[[P]]+16], [[D]];
; CHECK: st.global.u32 [[[P]]+20],
; The constant 0x12345678 at align 1: four immediate bytes.
; CHECK: st.global.u8 [[[P]]+33], 120;
; CHECK-NEXT: st.global.u8 [[[P]]+34], 86;
; CHECK-NEXT: st.global.u8 [[[P]]+35], 52;
; CHECK-NEXT: st.global.u8 [[[P]]+36], 18;

; A byval parameter aligned to 4 with an i64 at offset 4 (a packed, aligned(4) struct) and a vector load whose
; alignment is below its size: the i64 is read from the .param space as two words, the vector at align 4 as
; scalars and at align 8 as two pairs.
define ptx_kernel void @params(ptr byval(<{ i32, i64 }>) align 4 %w, ptr addrspace(1) %out) {
  %bp = getelementptr i8, ptr %w, i64 4
  %b = load i64, ptr %bp, align 4
  store i64 %b, ptr addrspace(1) %out, align 8
  %vp = getelementptr i8, ptr addrspace(1) %out, i64 16
  %v = load <4 x float>, ptr addrspace(1) %vp, align 4
  %o2 = getelementptr i8, ptr addrspace(1) %out, i64 32
  store <4 x float> %v, ptr addrspace(1) %o2, align 8
  ret void
}

; CHECK-LABEL: .entry params(
; CHECK: .param .align 4 .b8 params_param_0[12]
; CHECK: ld.param.u32 {{%rd[0-9]+}}, [params_param_0+4];
; CHECK-NEXT: ld.param.u32 {{%rd[0-9]+}}, [params_param_0+8];
; CHECK-NOT: ld.global.v4
; CHECK: ld.global.f32
; CHECK: st.global.v2.f32 [{{%rd[0-9]+}}+32], {{[{]%f[0-9]+}}, {{%f[0-9]+}}};
; CHECK-NEXT: st.global.v2.f32 [{{%rd[0-9]+}}+40], {{[{]%f[0-9]+}}, {{%f[0-9]+}}};
