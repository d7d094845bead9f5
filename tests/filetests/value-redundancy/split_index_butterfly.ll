; split-index end to end: a butterfly step reads s[tid ^ 4] only where (tid ^ 4) > tid. The address of
; s[tid ^ 4] is built from the tid * 4 that s[tid] also uses, xor 16, so `tid ^ 4` dies at the comparison
; instead of staying live into the branch (nvcc forms the address the same way); tid itself is live there
; anyway (it is added to the result).
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x i32] undef, align 4

define ptx_kernel void @k(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = zext i32 %tid to i64
  %p = getelementptr [256 x i32], ptr addrspace(3) @s, i64 0, i64 %w
  store i32 %tid, ptr addrspace(3) %p, align 4
  call void @llvm.nvvm.barrier0()
  %x = xor i32 %tid, 4
  %c = icmp ugt i32 %x, %tid
  br i1 %c, label %swap, label %done

swap:
  %wx = zext i32 %x to i64
  %px = getelementptr [256 x i32], ptr addrspace(3) @s, i64 0, i64 %wx
  %a = load i32, ptr addrspace(3) %px, align 4
  %b = load i32, ptr addrspace(3) %p, align 4
  %m = call i32 @llvm.smin.i32(i32 %a, i32 %b)
  store i32 %m, ptr addrspace(3) %p, align 4
  br label %done

done:
  call void @llvm.nvvm.barrier0()
  %r = load i32, ptr addrspace(3) %p, align 4
  %rt = add i32 %r, %tid
  %po = getelementptr i32, ptr addrspace(1) %out, i64 %w
  store i32 %rt, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.smin.i32(i32, i32)

; CHECK-LABEL: .entry k(
; CHECK: mul.wide.u32 [[T4:%rd[0-9]+]], [[TID:%r[0-9]+]], 4;
; CHECK: xor.b32 [[X:%r[0-9]+]], [[TID]], 4;
; CHECK-NEXT: setp.gt.u32 {{%p[0-9]+}}, [[X]], [[TID]];
; CHECK: xor.b64 [[O:%rd[0-9]+]], [[T4]], 16;
; CHECK-NEXT: add.s64 [[A:%rd[0-9]+]], {{%rd[0-9]+}}, [[O]];
; CHECK-NEXT: ld.shared.u32 {{%r[0-9]+}}, {{\[}}[[A]]{{\]}};
; CHECK-NOT: [[X]]
; CHECK: ret;
