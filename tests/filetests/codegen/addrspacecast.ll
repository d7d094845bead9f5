; addrspacecast from a specific space to generic is cvta.<space>, from generic to a specific space cvta.to.<space>
; (a device function's pointer parameters are generic).
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@buf = internal addrspace(3) global [32 x i32] undef, align 4

define void @casts(ptr %g, ptr %out) noinline {
  %s = addrspacecast ptr %g to ptr addrspace(3)
  %v = load i32, ptr addrspace(3) %s, align 4
  %gl = addrspacecast ptr %g to ptr addrspace(1)
  store i32 %v, ptr addrspace(1) %gl, align 4
  %gen = addrspacecast ptr addrspace(3) @buf to ptr
  store ptr %gen, ptr %out, align 8
  %loc = addrspacecast ptr %out to ptr addrspace(5)
  store i32 0, ptr addrspace(5) %loc, align 4
  ret void
}

define ptx_kernel void @k(ptr %p) {
  call void @casts(ptr %p, ptr %p)
  ret void
}

; CHECK-LABEL: .func casts(
; CHECK: ld.param.b64 {{%rd[0-9]+}}, [casts_param_0];
; CHECK: cvta.to.shared.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: ld.shared.u32
; CHECK-NEXT: cvta.to.global.u64
; CHECK-NEXT: st.global.u32
; CHECK-NEXT: mov.u64 {{%rd[0-9]+}}, buf;
; CHECK-NEXT: cvta.shared.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}};
; CHECK-NEXT: st.u64
; CHECK-NEXT: cvta.to.local.u64
; CHECK-NEXT: st.local.u32 [{{%rd[0-9]+}}], 0;
