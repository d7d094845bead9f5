; Shared globals: .shared declarations (demoted into the kernel when only it uses them), addressed by symbol with
; ld.shared/st.shared; a generic pointer to shared memory (addrspacecast) is accessed as shared.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4
@flag = internal addrspace(3) global i32 undef, align 4

define ptx_kernel void @stage(ptr %in, ptr %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr inbounds float, ptr %in, i32 %tid
  %v = load float, ptr %pi, align 4
  %ps = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i32 0, i32 %tid
  store float %v, ptr addrspace(3) %ps, align 4
  store i32 1, ptr addrspace(3) @flag, align 4
  call void @llvm.nvvm.barrier0()
  %gen = addrspacecast ptr addrspace(3) @tile to ptr
  %pg = getelementptr inbounds float, ptr %gen, i64 3
  %w = load float, ptr %pg, align 4
  %po = getelementptr inbounds float, ptr %out, i32 %tid
  store float %w, ptr %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

; CHECK-LABEL: .visible .entry stage(
; CHECK: .shared .align 4 .b8 tile[1024];
; CHECK: .shared .align 4 .u32 flag;
; CHECK: mov.u64 {{%rd[0-9]+}}, tile;
; CHECK: st.shared.f32 [{{%rd[0-9]+}}], {{%f[0-9]+}};
; A direct access to a shared symbol folds it into the address.
; CHECK-NEXT: st.shared.u32 [flag], 1;
; CHECK-NEXT: bar.sync 0;
; CHECK-NEXT: ld.shared.f32 {{%f[0-9]+}}, [tile+12];
; CHECK-NOT: cvta.shared
