; Aggregates are flattened into one register per leaf: a select of structs selects leaf by leaf, a vector
; load/store without `align` has its type's ABI alignment (so .v2 is allowed), and a pointer inserted into a
; struct is stored in its declared (generic) space: a kernel's pointer parameter, held as a global address, is
; passed to a device function inside the struct as the generic value ld.param read (no cvta.to.global +
; cvta.global round trip).
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%pair = type { i32, float }
%holder = type { ptr, i32 }

define i32 @take(%holder %h) noinline {
  %p = extractvalue %holder %h, 0
  %v = load i32, ptr %p
  ret i32 %v
}

define ptx_kernel void @aggs(ptr %out, i32 %n, ptr %a, ptr %b) {
  %c = icmp sgt i32 %n, 0
  %x = load %pair, ptr %a
  %y = load %pair, ptr %b
  %z = select i1 %c, %pair %x, %pair %y
  store %pair %z, ptr %out
  %v1 = load <2 x i32>, ptr %a
  %v2 = load <2 x i32>, ptr %b
  %vz = select i1 %c, <2 x i32> %v1, <2 x i32> %v2
  store <2 x i32> %vz, ptr %out
  %h0 = insertvalue %holder undef, ptr %out, 0
  %h1 = insertvalue %holder %h0, i32 %n, 1
  %r = call i32 @take(%holder %h1)
  store i32 %r, ptr %a
  ret void
}

; CHECK-LABEL: .visible .entry aggs(
; CHECK: ld.param.u64 [[P:%rd[0-9]+]], [aggs_param_0];
; CHECK: setp.gt.s32 {{%p[0-9]+}}
; CHECK-NEXT: ld.global.u32
; CHECK-NEXT: ld.global.f32 {{%f[0-9]+}}, [{{%rd[0-9]+}}+4];
; CHECK-NEXT: ld.global.u32
; CHECK-NEXT: ld.global.f32
; CHECK-NEXT: selp.b32
; CHECK-NEXT: selp.f32
; CHECK-NEXT: st.global.u32
; CHECK-NEXT: st.global.f32
; CHECK-NEXT: ld.global.v2.u32
; CHECK-NEXT: ld.global.v2.u32
; CHECK-NEXT: selp.b32
; CHECK-NEXT: selp.b32
; CHECK-NEXT: st.global.v2.u32
; CHECK-NOT: cvta.global.u64
; CHECK: .param .align 8 .b8 param0[16];
; CHECK-NEXT: st.param.b64 [param0], [[P]];
; CHECK-NEXT: st.param.b32 [param0+8], {{%r[0-9]+}};
