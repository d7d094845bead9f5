; ifconvert: an equality test of the global thread index (`blockIdx.x * blockDim.x + threadIdx.x`, here written
; `ctaid * ntid == -tid`) against a uniform value is likely warp-coherent: one thread of the grid takes the arm,
; every other warp skips it under a branch. Costed as a uniform branch, an arm of several instructions stays a
; branch instead of being issued, all lanes off, by every warp (as llc-19 leaves it).
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .entry stats(
; CHECK: setp.{{eq|ne}}.s32 [[P:%p[0-9]+]],
; CHECK-NEXT: @{{!?}}[[P]] bra
; CHECK-NOT: @{{%p[0-9]+}} st.global
; CHECK: st.global.u32
; CHECK-NEXT: st.global.u32
define ptx_kernel void @stats(i32 %a, i32 %b, ptr addrspace(1) %x, ptr addrspace(1) %y) {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mt = sub nsw i32 0, %t
  %first = icmp eq i32 %cn, %mt
  br i1 %first, label %write, label %done

write:
  %a1 = add i32 %a, 1
  %s = add i32 %a1, %b
  store i32 %a, ptr addrspace(1) %x, align 4
  store i32 %s, ptr addrspace(1) %y, align 4
  br label %done

done:
  ret void
}

; The same test on `blockIdx.x * blockDim.x + threadIdx.x` (a `mad`).
; CHECK-LABEL: .entry gid(
; CHECK: setp.{{eq|ne}}.s32 [[Q:%p[0-9]+]],
; CHECK-NEXT: @{{!?}}[[Q]] bra
; CHECK-NOT: @{{%p[0-9]+}} st.global
; CHECK: st.global.u32
; CHECK-NEXT: st.global.u32
define ptx_kernel void @gid(i32 %a, i32 %b, i32 %k, ptr addrspace(1) %x, ptr addrspace(1) %y) {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = add i32 %cn, %t
  %hit = icmp eq i32 %g, %k
  br i1 %hit, label %write, label %done

write:
  %a1 = add i32 %a, 1
  %s = add i32 %a1, %b
  store i32 %a, ptr addrspace(1) %x, align 4
  store i32 %s, ptr addrspace(1) %y, align 4
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
