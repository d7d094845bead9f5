; Lanes of 8 and 16 bits form chains of more than four lanes when the run fills 8 or 16 bytes at that alignment:
; eight halves at align 16 are one <8 x half> (@halves), sixteen bytes at align 16 one <16 x i8> (@bytes16),
; eight bytes at align 8 one <8 x i8> (@bytes8). Eight halves aligned only to 8 stay two <4 x half> (@halves8);
; four i32 never become more than one <4 x i32> (@words).
; RUN: opt %s --passes load-store-vectorize

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @halves(ptr addrspace(1) align 16 %p, ptr addrspace(1) align 16 %q) {
  %v0 = load half, ptr addrspace(1) %p, align 16
  %p1 = getelementptr inbounds half, ptr addrspace(1) %p, i64 1
  %v1 = load half, ptr addrspace(1) %p1, align 2
  %p2 = getelementptr inbounds half, ptr addrspace(1) %p, i64 2
  %v2 = load half, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds half, ptr addrspace(1) %p, i64 3
  %v3 = load half, ptr addrspace(1) %p3, align 2
  %p4 = getelementptr inbounds half, ptr addrspace(1) %p, i64 4
  %v4 = load half, ptr addrspace(1) %p4, align 8
  %p5 = getelementptr inbounds half, ptr addrspace(1) %p, i64 5
  %v5 = load half, ptr addrspace(1) %p5, align 2
  %p6 = getelementptr inbounds half, ptr addrspace(1) %p, i64 6
  %v6 = load half, ptr addrspace(1) %p6, align 4
  %p7 = getelementptr inbounds half, ptr addrspace(1) %p, i64 7
  %v7 = load half, ptr addrspace(1) %p7, align 2
  store half %v7, ptr addrspace(1) %q, align 16
  %q1 = getelementptr inbounds half, ptr addrspace(1) %q, i64 1
  store half %v6, ptr addrspace(1) %q1, align 2
  %q2 = getelementptr inbounds half, ptr addrspace(1) %q, i64 2
  store half %v5, ptr addrspace(1) %q2, align 4
  %q3 = getelementptr inbounds half, ptr addrspace(1) %q, i64 3
  store half %v4, ptr addrspace(1) %q3, align 2
  %q4 = getelementptr inbounds half, ptr addrspace(1) %q, i64 4
  store half %v3, ptr addrspace(1) %q4, align 8
  %q5 = getelementptr inbounds half, ptr addrspace(1) %q, i64 5
  store half %v2, ptr addrspace(1) %q5, align 2
  %q6 = getelementptr inbounds half, ptr addrspace(1) %q, i64 6
  store half %v1, ptr addrspace(1) %q6, align 4
  %q7 = getelementptr inbounds half, ptr addrspace(1) %q, i64 7
  store half %v0, ptr addrspace(1) %q7, align 2
  ret void
}
; CHECK-LABEL: define ptx_kernel void @halves(
; CHECK: load <8 x half>, ptr addrspace(1) %p, align 16
; CHECK-NOT: load half
; CHECK: store <8 x half> {{%[0-9a-z.]+}}, ptr addrspace(1) %q, align 16
; CHECK-NOT: store half
; CHECK: ret void

define ptx_kernel void @halves8(ptr addrspace(1) align 8 %p, ptr addrspace(1) %q) {
  %v0 = load i16, ptr addrspace(1) %p, align 8
  %p1 = getelementptr inbounds i16, ptr addrspace(1) %p, i64 1
  %v1 = load i16, ptr addrspace(1) %p1, align 2
  %p2 = getelementptr inbounds i16, ptr addrspace(1) %p, i64 2
  %v2 = load i16, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds i16, ptr addrspace(1) %p, i64 3
  %v3 = load i16, ptr addrspace(1) %p3, align 2
  %p4 = getelementptr inbounds i16, ptr addrspace(1) %p, i64 4
  %v4 = load i16, ptr addrspace(1) %p4, align 8
  %p5 = getelementptr inbounds i16, ptr addrspace(1) %p, i64 5
  %v5 = load i16, ptr addrspace(1) %p5, align 2
  %p6 = getelementptr inbounds i16, ptr addrspace(1) %p, i64 6
  %v6 = load i16, ptr addrspace(1) %p6, align 4
  %p7 = getelementptr inbounds i16, ptr addrspace(1) %p, i64 7
  %v7 = load i16, ptr addrspace(1) %p7, align 2
  %s0 = add i16 %v0, %v1
  %s1 = add i16 %v2, %v3
  %s2 = add i16 %v4, %v5
  %s3 = add i16 %v6, %v7
  %s4 = add i16 %s0, %s1
  %s5 = add i16 %s2, %s3
  %s = add i16 %s4, %s5
  store i16 %s, ptr addrspace(1) %q, align 2
  ret void
}
; CHECK-LABEL: define ptx_kernel void @halves8(
; CHECK: load <4 x i16>, ptr addrspace(1) %p, align 8
; CHECK: load <4 x i16>, ptr addrspace(1) {{%[0-9a-z.]+}}, align 8
; CHECK-NOT: load i16

define ptx_kernel void @bytes16(ptr addrspace(1) align 16 %p, ptr addrspace(1) %q) {
  %v0 = load i8, ptr addrspace(1) %p, align 16
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 1
  %v1 = load i8, ptr addrspace(1) %p1, align 1
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 2
  %v2 = load i8, ptr addrspace(1) %p2, align 1
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 3
  %v3 = load i8, ptr addrspace(1) %p3, align 1
  %p4 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 4
  %v4 = load i8, ptr addrspace(1) %p4, align 1
  %p5 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 5
  %v5 = load i8, ptr addrspace(1) %p5, align 1
  %p6 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 6
  %v6 = load i8, ptr addrspace(1) %p6, align 1
  %p7 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 7
  %v7 = load i8, ptr addrspace(1) %p7, align 1
  %p8 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 8
  %v8 = load i8, ptr addrspace(1) %p8, align 1
  %p9 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 9
  %v9 = load i8, ptr addrspace(1) %p9, align 1
  %p10 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 10
  %v10 = load i8, ptr addrspace(1) %p10, align 1
  %p11 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 11
  %v11 = load i8, ptr addrspace(1) %p11, align 1
  %p12 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 12
  %v12 = load i8, ptr addrspace(1) %p12, align 1
  %p13 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 13
  %v13 = load i8, ptr addrspace(1) %p13, align 1
  %p14 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 14
  %v14 = load i8, ptr addrspace(1) %p14, align 1
  %p15 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 15
  %v15 = load i8, ptr addrspace(1) %p15, align 1
  %a0 = xor i8 %v0, %v1
  %a1 = xor i8 %v2, %v3
  %a2 = xor i8 %v4, %v5
  %a3 = xor i8 %v6, %v7
  %a4 = xor i8 %v8, %v9
  %a5 = xor i8 %v10, %v11
  %a6 = xor i8 %v12, %v13
  %a7 = xor i8 %v14, %v15
  %b0 = xor i8 %a0, %a1
  %b1 = xor i8 %a2, %a3
  %b2 = xor i8 %a4, %a5
  %b3 = xor i8 %a6, %a7
  %c0 = xor i8 %b0, %b1
  %c1 = xor i8 %b2, %b3
  %d = xor i8 %c0, %c1
  store i8 %d, ptr addrspace(1) %q, align 1
  ret void
}
; CHECK-LABEL: define ptx_kernel void @bytes16(
; CHECK: load <16 x i8>, ptr addrspace(1) %p, align 16
; CHECK-NOT: load i8

define ptx_kernel void @bytes8(ptr addrspace(1) align 8 %p, ptr addrspace(1) %q) {
  %v0 = load i8, ptr addrspace(1) %p, align 8
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 1
  %v1 = load i8, ptr addrspace(1) %p1, align 1
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 2
  %v2 = load i8, ptr addrspace(1) %p2, align 1
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 3
  %v3 = load i8, ptr addrspace(1) %p3, align 1
  %p4 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 4
  %v4 = load i8, ptr addrspace(1) %p4, align 1
  %p5 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 5
  %v5 = load i8, ptr addrspace(1) %p5, align 1
  %p6 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 6
  %v6 = load i8, ptr addrspace(1) %p6, align 1
  %p7 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 7
  %v7 = load i8, ptr addrspace(1) %p7, align 1
  %a0 = or i8 %v0, %v1
  %a1 = or i8 %v2, %v3
  %a2 = or i8 %v4, %v5
  %a3 = or i8 %v6, %v7
  %b0 = or i8 %a0, %a1
  %b1 = or i8 %a2, %a3
  %c = or i8 %b0, %b1
  store i8 %c, ptr addrspace(1) %q, align 1
  ret void
}
; CHECK-LABEL: define ptx_kernel void @bytes8(
; CHECK: load <8 x i8>, ptr addrspace(1) %p, align 8
; CHECK-NOT: load i8

define ptx_kernel void @words(ptr addrspace(1) align 16 %p, ptr addrspace(1) %q) {
  %v0 = load i32, ptr addrspace(1) %p, align 16
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %p, i64 1
  %v1 = load i32, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %p, i64 2
  %v2 = load i32, ptr addrspace(1) %p2, align 8
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %p, i64 3
  %v3 = load i32, ptr addrspace(1) %p3, align 4
  %p4 = getelementptr inbounds i32, ptr addrspace(1) %p, i64 4
  %v4 = load i32, ptr addrspace(1) %p4, align 16
  %p5 = getelementptr inbounds i32, ptr addrspace(1) %p, i64 5
  %v5 = load i32, ptr addrspace(1) %p5, align 4
  %a0 = add i32 %v0, %v1
  %a1 = add i32 %v2, %v3
  %a2 = add i32 %v4, %v5
  %b = add i32 %a0, %a1
  %c = add i32 %b, %a2
  store i32 %c, ptr addrspace(1) %q, align 4
  ret void
}
; CHECK-LABEL: define ptx_kernel void @words(
; CHECK: load <4 x i32>, ptr addrspace(1) %p, align 16
; CHECK: load <2 x i32>, ptr addrspace(1) {{%[0-9a-z.]+}}, align 16
; CHECK-NOT: load i32
