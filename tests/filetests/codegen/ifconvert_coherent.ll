; ifconvert: a branch on `tid < s` with a loop-varying uniform bound (the tree-reduction step) is likely
; warp-coherent, so it is costed as a uniform branch and its loads and store stay under the branch; a comparison
; against a multiple of 32 is treated the same, and so is `tid == 0` (one warp sees it true), whose two-instruction
; arm is still cheaper predicated under the uniform cost model.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x float] undef, align 4

define ptx_kernel void @step(ptr addrspace(1) %out, i32 %s0) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pt = getelementptr inbounds [256 x float], ptr addrspace(3) @sh, i32 0, i32 %tid
  br label %loop
loop:
  %s = phi i32 [ %s0, %entry ], [ %s.next, %latch ]
  %c = icmp ult i32 %tid, %s
  br i1 %c, label %then, label %latch
then:
  %j = add i32 %tid, %s
  %pj = getelementptr inbounds [256 x float], ptr addrspace(3) @sh, i32 0, i32 %j
  %a = load float, ptr addrspace(3) %pt, align 4
  %b = load float, ptr addrspace(3) %pj, align 4
  %sum = fadd float %a, %b
  store float %sum, ptr addrspace(3) %pt, align 4
  br label %latch
latch:
  call void @llvm.nvvm.barrier0()
  %s.next = lshr i32 %s, 1
  %more = icmp ne i32 %s.next, 0
  br i1 %more, label %loop, label %exit
exit:
  %z = icmp ult i32 %tid, 64
  br i1 %z, label %w64, label %done
w64:
  %v = load float, ptr addrspace(3) %pt, align 4
  %v2 = fmul float %v, 2.0
  %v3 = fadd float %v2, 1.0
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %v3, ptr addrspace(1) %po, align 4
  br label %done
done:
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %w0, label %ret
w0:
  %r = load float, ptr addrspace(3) @sh, align 4
  store float %r, ptr addrspace(1) %out, align 4
  br label %ret
ret:
  ret void
}

; CHECK-LABEL: .entry step(
; The reduction step: a branch around unguarded loads and the store.
; CHECK: setp.{{[a-z]+}}.u32 [[P:%p[0-9]+]],
; CHECK-NEXT: @{{!?}}[[P]] bra
; CHECK-NOT: @{{%p[0-9]+}} ld.shared
; CHECK: ld.shared.f32
; CHECK-NEXT: ld.shared.f32
; CHECK: st.shared.f32
; CHECK: bar.sync 0;
; tid < 64: a branch as well.
; CHECK: setp.{{[a-z]+}}.u32 [[Q:%p[0-9]+]], {{%r[0-9]+}}, 6{{[34]}};
; CHECK-NEXT: @{{!?}}[[Q]] bra
; tid == 0: a two-instruction arm, predicated.
; CHECK: setp.eq.s32 [[E:%p[0-9]+]],
; CHECK: @[[E]] ld.shared.f32
; CHECK: @[[E]] st.global.f32

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
