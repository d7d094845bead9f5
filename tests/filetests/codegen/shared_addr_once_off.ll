; `--knob shared-addr-once=false`: each block that reads the shared variable's address materializes it (the
; build `simtc check` and `fuzz-diff` compare with the default); sm_80 (no cluster window) is the same.
; RUN: compile %s --mcpu sm_90 --knob shared-addr-once=false

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x float] undef, align 4

; CHECK-LABEL: .entry two_arms(
; CHECK: @!{{%p[0-9]+}} bra
; CHECK: mov.u64 {{%rd[0-9]+}}, tile;
; CHECK: st.shared.f32
; CHECK: bar.sync 0;
; CHECK: mov.u64 {{%rd[0-9]+}}, tile;
; CHECK: ld.shared.f32
define ptx_kernel void @two_arms(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = zext i32 %t to i64
  %lo = icmp ult i32 %t, 64
  br i1 %lo, label %fill, label %sync

fill:
  %pi = getelementptr inbounds float, ptr addrspace(1) %in, i64 %w
  %x = load float, ptr addrspace(1) %pi, align 4
  %ps = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i64 0, i64 %w
  store float %x, ptr addrspace(3) %ps, align 4
  br label %sync

sync:
  call void @llvm.nvvm.barrier0()
  %in_range = icmp slt i32 %t, %n
  br i1 %in_range, label %use, label %done

use:
  %r = and i64 %w, 63
  %pr = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i64 0, i64 %r
  %y = load float, ptr addrspace(3) %pr, align 4
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %w
  store float %y, ptr addrspace(1) %po, align 4
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
