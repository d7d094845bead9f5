; A pointer loaded from a kernel's byval parameter (read in place) is a global address, as a kernel pointer
; parameter is: the host filled the parameter. It gets one cvta.to.global and .global accesses. A pointer loaded
; through a device function's byval parameter, or from memory, stays generic.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Args = type { ptr, ptr, i32 }

define ptx_kernel void @k(ptr byval(%struct.Args) align 8 %a) {
  %pin = load ptr, ptr %a, align 8
  %po = getelementptr inbounds %struct.Args, ptr %a, i64 0, i32 1
  %out = load ptr, ptr %po, align 8
  %pn = getelementptr inbounds %struct.Args, ptr %a, i64 0, i32 2
  %n = load i32, ptr %pn, align 8
  %x = load float, ptr %pin, align 4
  %pp = load ptr, ptr %pin, align 8
  %y = load float, ptr %pp, align 4
  %s = fadd float %x, %y
  store float %s, ptr %out, align 4
  ret void
}

; CHECK-LABEL: .visible .entry k(
; CHECK-NOT: __local_depot
; CHECK: ld.param.u64 [[IN:%rd[0-9]+]], [k_param_0];
; CHECK-NEXT: cvta.to.global.u64 [[GIN:%rd[0-9]+]], [[IN]];
; CHECK: ld.param.u64 [[OUT:%rd[0-9]+]], [k_param_0+8];
; CHECK-NEXT: cvta.to.global.u64 [[GOUT:%rd[0-9]+]], [[OUT]];
; CHECK: ld.global.f32 {{%f[0-9]+}}, [[[GIN]]];
; CHECK: ld.global.u64 [[PP:%rd[0-9]+]], [[[GIN]]];
; CHECK: ld.f32 {{%f[0-9]+}}, [[[PP]]];
; CHECK: st.global.f32 [[[GOUT]]],
