; Dynamic shared memory (a zero-length external addrspace(3) array) is `.extern .shared .align N .b8 name[]`,
; addressed by symbol with ld.shared/st.shared.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@dyn = external addrspace(3) global [0 x float], align 16

define ptx_kernel void @dynsmem(ptr %out, i32 %i) {
  %p = getelementptr [0 x float], ptr addrspace(3) @dyn, i32 0, i32 %i
  store float 1.0, ptr addrspace(3) %p, align 4
  call void @llvm.nvvm.barrier0()
  %v = load float, ptr addrspace(3) @dyn, align 16
  store float %v, ptr %out
  ret void
}

declare void @llvm.nvvm.barrier0()

; CHECK: .extern .shared .align 16 .b8 dyn[];
; CHECK-LABEL: .visible .entry dynsmem(
; CHECK: mov.u64 {{%rd[0-9]+}}, dyn;
; CHECK: st.shared.f32 [{{%rd[0-9]+}}], 0f3F800000;
; CHECK-NEXT: bar.sync 0;
; CHECK-NEXT: ld.shared.f32 {{%f[0-9]+}}, [dyn];
