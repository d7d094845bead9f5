; peephole: a narrow integer load whose only reader is a widening cvt becomes an extending load into the wide
; register (ld.s16/ld.u8 ... into %r/%rd), with the extension of the cvt's source type; (x >> s) & (2^k - 1)
; becomes bfe.u32 x, s, k. A narrow load read twice keeps its cvt; a mask that is not 2^k - 1 keeps the and.
; RUN: compile %s --mcpu sm_90 -O3

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %s16, ptr addrspace(1) %u8, ptr addrspace(1) %out, i32 %x) {
  %a = load i16, ptr addrspace(1) %s16, align 2
  %aw = sext i16 %a to i32
  %b = load i8, ptr addrspace(1) %u8, align 1
  %bw = zext i8 %b to i64
  %bt = trunc i64 %bw to i32
  %sh = lshr i32 %x, 3
  %f = and i32 %sh, 15
  %sh2 = lshr i32 %x, 5
  %g = and i32 %sh2, 10
  %s1 = add i32 %aw, %bt
  %s2 = add i32 %s1, %f
  %s3 = add i32 %s2, %g
  store i32 %s3, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .visible .entry k(
; CHECK: ld.global.s16 {{%r[0-9]+}}, [{{%rd[0-9]+}}];
; CHECK-NEXT: ld.global.u8 {{%rd[0-9]+}}, [{{%rd[0-9]+}}];
; CHECK: bfe.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 3, 4;
; CHECK-NEXT: shr.u32 [[T:%r[0-9]+]], {{%r[0-9]+}}, 5;
; CHECK-NEXT: and.b32 {{%r[0-9]+}}, [[T]], 10;
; CHECK-NOT: cvt.s32.s16
; CHECK: ret;
