; Every icmp predicate maps to setp with the signedness in the type (eq/ne use .s32).
; RUN: compile %s --mcpu sm_80 --disable-pass peephole

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @icmps(ptr %out, i32 %a, i32 %b, i64 %c) {
  %eq = icmp eq i32 %a, %b
  %ne = icmp ne i32 %a, %b
  %ugt = icmp ugt i32 %a, %b
  %uge = icmp uge i32 %a, %b
  %ult = icmp ult i32 %a, %b
  %ule = icmp ule i32 %a, %b
  %sgt = icmp sgt i32 %a, %b
  %sge = icmp sge i32 %a, %b
  %slt = icmp slt i32 %a, 42
  %sle = icmp sle i64 %c, -1
  %x1 = xor i1 %eq, %ne
  %x2 = xor i1 %x1, %ugt
  %x3 = xor i1 %x2, %uge
  %x4 = xor i1 %x3, %ult
  %x5 = xor i1 %x4, %ule
  %x6 = xor i1 %x5, %sgt
  %x7 = xor i1 %x6, %sge
  %x8 = xor i1 %x7, %slt
  %x9 = xor i1 %x8, %sle
  %r = zext i1 %x9 to i32
  store i32 %r, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry icmps(
; CHECK: setp.eq.s32 {{%p[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: setp.ne.s32
; CHECK-NEXT: setp.gt.u32
; CHECK-NEXT: setp.ge.u32
; CHECK-NEXT: setp.lt.u32
; CHECK-NEXT: setp.le.u32
; CHECK-NEXT: setp.gt.s32
; CHECK-NEXT: setp.ge.s32
; CHECK-NEXT: setp.lt.s32 {{%p[0-9]+}}, {{%r[0-9]+}}, 42;
; CHECK-NEXT: setp.le.s64 {{%p[0-9]+}}, {{%rd[0-9]+}}, -1;
; CHECK-NEXT: xor.pred
