; ifconvert: under a branch costed as uniform (here `tid == 0`, likely warp-coherent, around an early exit) an arm
; that loads from outside shared memory stays a branch: ptxas puts a predicated global or generic load back under
; a branch of its own (with a BSSY/BSYNC pair when the condition is divergent), so `@p ld; @p st` is 14 SASS
; instructions where the branch is 11 (sm_90, ptxas 13). The same arm reading shared memory is still predicated.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [64 x i32] undef, align 4

define ptx_kernel void @far(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp eq i32 %t, 0
  br i1 %c, label %a, label %b
a:
  %v = load i32, ptr addrspace(1) %in, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  br label %b
b:
  ret void
}

define ptx_kernel void @near(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp eq i32 %t, 0
  br i1 %c, label %a, label %b
a:
  %v = load i32, ptr addrspace(3) @sh, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  br label %b
b:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .visible .entry far(
; CHECK: setp.{{eq|ne}}.s32 [[P:%p[0-9]+]], {{%r[0-9]+}}, 0;
; CHECK-NEXT: @{{!?}}[[P]] bra
; CHECK-NOT: @{{!?%p[0-9]+}} ld.global
; CHECK: ld.global.u32
; CHECK-NEXT: st.global.u32
; CHECK-LABEL: .visible .entry near(
; CHECK: @[[Q:%p[0-9]+]] ld.shared.u32
; CHECK-NEXT: @[[Q]] st.global.u32
