; Bit tests in a row (curand's skip-ahead shape): thread g reads x = in[g] and, for i = 0, 8, 16, 24 (a loop),
; tests bits (1 << k) << i of x for k = 0..7 (unrolled); each set bit XORs tbl[5 * i + 5 * k + w], w = 0..4, into the result,
; written to out[g]. Every arm computes the row address tbl + 4 * (5 * i): at -O3 `bit-test` shifts x instead of
; the constant (one shr per i) and `gvn-hoist` computes the row address once per i, above the arms.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bit_chain(ptr addrspace(1) %in, ptr addrspace(1) %tbl, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %g64 = zext i32 %gid to i64
  %px = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %g64
  %x = load i32, ptr addrspace(1) %px, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %inext, %t8 ]
  %acc0 = phi i32 [ 0, %entry ], [ %acc8, %t8 ]
  br label %t0
t0:
  %m0 = shl i32 1, %i
  %b0 = and i32 %x, %m0
  %z0 = icmp eq i32 %b0, 0
  br i1 %z0, label %t1, label %a0
a0:
  %r0 = mul nuw i32 %i, 5
  %s0 = sext i32 %r0 to i64
  %p0 = getelementptr i32, ptr addrspace(1) %tbl, i64 %s0
  %q0 = getelementptr i32, ptr addrspace(1) %p0, i64 0
  %e0_0 = getelementptr i32, ptr addrspace(1) %q0, i64 0
  %v0_0 = load i32, ptr addrspace(1) %e0_0, align 4
  %x0_0 = xor i32 %acc0, %v0_0
  %e0_1 = getelementptr i32, ptr addrspace(1) %q0, i64 1
  %v0_1 = load i32, ptr addrspace(1) %e0_1, align 4
  %x0_1 = xor i32 %x0_0, %v0_1
  %e0_2 = getelementptr i32, ptr addrspace(1) %q0, i64 2
  %v0_2 = load i32, ptr addrspace(1) %e0_2, align 4
  %x0_2 = xor i32 %x0_1, %v0_2
  %e0_3 = getelementptr i32, ptr addrspace(1) %q0, i64 3
  %v0_3 = load i32, ptr addrspace(1) %e0_3, align 4
  %x0_3 = xor i32 %x0_2, %v0_3
  %e0_4 = getelementptr i32, ptr addrspace(1) %q0, i64 4
  %v0_4 = load i32, ptr addrspace(1) %e0_4, align 4
  %y0 = xor i32 %x0_3, %v0_4
  br label %t1
t1:
  %acc1 = phi i32 [ %acc0, %t0 ], [ %y0, %a0 ]
  %m1 = shl i32 2, %i
  %b1 = and i32 %x, %m1
  %z1 = icmp eq i32 %b1, 0
  br i1 %z1, label %t2, label %a1
a1:
  %r1 = mul nuw i32 %i, 5
  %s1 = sext i32 %r1 to i64
  %p1 = getelementptr i32, ptr addrspace(1) %tbl, i64 %s1
  %q1 = getelementptr i32, ptr addrspace(1) %p1, i64 5
  %e1_0 = getelementptr i32, ptr addrspace(1) %q1, i64 0
  %v1_0 = load i32, ptr addrspace(1) %e1_0, align 4
  %x1_0 = xor i32 %acc1, %v1_0
  %e1_1 = getelementptr i32, ptr addrspace(1) %q1, i64 1
  %v1_1 = load i32, ptr addrspace(1) %e1_1, align 4
  %x1_1 = xor i32 %x1_0, %v1_1
  %e1_2 = getelementptr i32, ptr addrspace(1) %q1, i64 2
  %v1_2 = load i32, ptr addrspace(1) %e1_2, align 4
  %x1_2 = xor i32 %x1_1, %v1_2
  %e1_3 = getelementptr i32, ptr addrspace(1) %q1, i64 3
  %v1_3 = load i32, ptr addrspace(1) %e1_3, align 4
  %x1_3 = xor i32 %x1_2, %v1_3
  %e1_4 = getelementptr i32, ptr addrspace(1) %q1, i64 4
  %v1_4 = load i32, ptr addrspace(1) %e1_4, align 4
  %y1 = xor i32 %x1_3, %v1_4
  br label %t2
t2:
  %acc2 = phi i32 [ %acc1, %t1 ], [ %y1, %a1 ]
  %m2 = shl i32 4, %i
  %b2 = and i32 %x, %m2
  %z2 = icmp eq i32 %b2, 0
  br i1 %z2, label %t3, label %a2
a2:
  %r2 = mul nuw i32 %i, 5
  %s2 = sext i32 %r2 to i64
  %p2 = getelementptr i32, ptr addrspace(1) %tbl, i64 %s2
  %q2 = getelementptr i32, ptr addrspace(1) %p2, i64 10
  %e2_0 = getelementptr i32, ptr addrspace(1) %q2, i64 0
  %v2_0 = load i32, ptr addrspace(1) %e2_0, align 4
  %x2_0 = xor i32 %acc2, %v2_0
  %e2_1 = getelementptr i32, ptr addrspace(1) %q2, i64 1
  %v2_1 = load i32, ptr addrspace(1) %e2_1, align 4
  %x2_1 = xor i32 %x2_0, %v2_1
  %e2_2 = getelementptr i32, ptr addrspace(1) %q2, i64 2
  %v2_2 = load i32, ptr addrspace(1) %e2_2, align 4
  %x2_2 = xor i32 %x2_1, %v2_2
  %e2_3 = getelementptr i32, ptr addrspace(1) %q2, i64 3
  %v2_3 = load i32, ptr addrspace(1) %e2_3, align 4
  %x2_3 = xor i32 %x2_2, %v2_3
  %e2_4 = getelementptr i32, ptr addrspace(1) %q2, i64 4
  %v2_4 = load i32, ptr addrspace(1) %e2_4, align 4
  %y2 = xor i32 %x2_3, %v2_4
  br label %t3
t3:
  %acc3 = phi i32 [ %acc2, %t2 ], [ %y2, %a2 ]
  %m3 = shl i32 8, %i
  %b3 = and i32 %x, %m3
  %z3 = icmp eq i32 %b3, 0
  br i1 %z3, label %t4, label %a3
a3:
  %r3 = mul nuw i32 %i, 5
  %s3 = sext i32 %r3 to i64
  %p3 = getelementptr i32, ptr addrspace(1) %tbl, i64 %s3
  %q3 = getelementptr i32, ptr addrspace(1) %p3, i64 15
  %e3_0 = getelementptr i32, ptr addrspace(1) %q3, i64 0
  %v3_0 = load i32, ptr addrspace(1) %e3_0, align 4
  %x3_0 = xor i32 %acc3, %v3_0
  %e3_1 = getelementptr i32, ptr addrspace(1) %q3, i64 1
  %v3_1 = load i32, ptr addrspace(1) %e3_1, align 4
  %x3_1 = xor i32 %x3_0, %v3_1
  %e3_2 = getelementptr i32, ptr addrspace(1) %q3, i64 2
  %v3_2 = load i32, ptr addrspace(1) %e3_2, align 4
  %x3_2 = xor i32 %x3_1, %v3_2
  %e3_3 = getelementptr i32, ptr addrspace(1) %q3, i64 3
  %v3_3 = load i32, ptr addrspace(1) %e3_3, align 4
  %x3_3 = xor i32 %x3_2, %v3_3
  %e3_4 = getelementptr i32, ptr addrspace(1) %q3, i64 4
  %v3_4 = load i32, ptr addrspace(1) %e3_4, align 4
  %y3 = xor i32 %x3_3, %v3_4
  br label %t4
t4:
  %acc4 = phi i32 [ %acc3, %t3 ], [ %y3, %a3 ]
  %m4 = shl i32 16, %i
  %b4 = and i32 %x, %m4
  %z4 = icmp eq i32 %b4, 0
  br i1 %z4, label %t5, label %a4
a4:
  %r4 = mul nuw i32 %i, 5
  %s4 = sext i32 %r4 to i64
  %p4 = getelementptr i32, ptr addrspace(1) %tbl, i64 %s4
  %q4 = getelementptr i32, ptr addrspace(1) %p4, i64 20
  %e4_0 = getelementptr i32, ptr addrspace(1) %q4, i64 0
  %v4_0 = load i32, ptr addrspace(1) %e4_0, align 4
  %x4_0 = xor i32 %acc4, %v4_0
  %e4_1 = getelementptr i32, ptr addrspace(1) %q4, i64 1
  %v4_1 = load i32, ptr addrspace(1) %e4_1, align 4
  %x4_1 = xor i32 %x4_0, %v4_1
  %e4_2 = getelementptr i32, ptr addrspace(1) %q4, i64 2
  %v4_2 = load i32, ptr addrspace(1) %e4_2, align 4
  %x4_2 = xor i32 %x4_1, %v4_2
  %e4_3 = getelementptr i32, ptr addrspace(1) %q4, i64 3
  %v4_3 = load i32, ptr addrspace(1) %e4_3, align 4
  %x4_3 = xor i32 %x4_2, %v4_3
  %e4_4 = getelementptr i32, ptr addrspace(1) %q4, i64 4
  %v4_4 = load i32, ptr addrspace(1) %e4_4, align 4
  %y4 = xor i32 %x4_3, %v4_4
  br label %t5
t5:
  %acc5 = phi i32 [ %acc4, %t4 ], [ %y4, %a4 ]
  %m5 = shl i32 32, %i
  %b5 = and i32 %x, %m5
  %z5 = icmp eq i32 %b5, 0
  br i1 %z5, label %t6, label %a5
a5:
  %r5 = mul nuw i32 %i, 5
  %s5 = sext i32 %r5 to i64
  %p5 = getelementptr i32, ptr addrspace(1) %tbl, i64 %s5
  %q5 = getelementptr i32, ptr addrspace(1) %p5, i64 25
  %e5_0 = getelementptr i32, ptr addrspace(1) %q5, i64 0
  %v5_0 = load i32, ptr addrspace(1) %e5_0, align 4
  %x5_0 = xor i32 %acc5, %v5_0
  %e5_1 = getelementptr i32, ptr addrspace(1) %q5, i64 1
  %v5_1 = load i32, ptr addrspace(1) %e5_1, align 4
  %x5_1 = xor i32 %x5_0, %v5_1
  %e5_2 = getelementptr i32, ptr addrspace(1) %q5, i64 2
  %v5_2 = load i32, ptr addrspace(1) %e5_2, align 4
  %x5_2 = xor i32 %x5_1, %v5_2
  %e5_3 = getelementptr i32, ptr addrspace(1) %q5, i64 3
  %v5_3 = load i32, ptr addrspace(1) %e5_3, align 4
  %x5_3 = xor i32 %x5_2, %v5_3
  %e5_4 = getelementptr i32, ptr addrspace(1) %q5, i64 4
  %v5_4 = load i32, ptr addrspace(1) %e5_4, align 4
  %y5 = xor i32 %x5_3, %v5_4
  br label %t6
t6:
  %acc6 = phi i32 [ %acc5, %t5 ], [ %y5, %a5 ]
  %m6 = shl i32 64, %i
  %b6 = and i32 %x, %m6
  %z6 = icmp eq i32 %b6, 0
  br i1 %z6, label %t7, label %a6
a6:
  %r6 = mul nuw i32 %i, 5
  %s6 = sext i32 %r6 to i64
  %p6 = getelementptr i32, ptr addrspace(1) %tbl, i64 %s6
  %q6 = getelementptr i32, ptr addrspace(1) %p6, i64 30
  %e6_0 = getelementptr i32, ptr addrspace(1) %q6, i64 0
  %v6_0 = load i32, ptr addrspace(1) %e6_0, align 4
  %x6_0 = xor i32 %acc6, %v6_0
  %e6_1 = getelementptr i32, ptr addrspace(1) %q6, i64 1
  %v6_1 = load i32, ptr addrspace(1) %e6_1, align 4
  %x6_1 = xor i32 %x6_0, %v6_1
  %e6_2 = getelementptr i32, ptr addrspace(1) %q6, i64 2
  %v6_2 = load i32, ptr addrspace(1) %e6_2, align 4
  %x6_2 = xor i32 %x6_1, %v6_2
  %e6_3 = getelementptr i32, ptr addrspace(1) %q6, i64 3
  %v6_3 = load i32, ptr addrspace(1) %e6_3, align 4
  %x6_3 = xor i32 %x6_2, %v6_3
  %e6_4 = getelementptr i32, ptr addrspace(1) %q6, i64 4
  %v6_4 = load i32, ptr addrspace(1) %e6_4, align 4
  %y6 = xor i32 %x6_3, %v6_4
  br label %t7
t7:
  %acc7 = phi i32 [ %acc6, %t6 ], [ %y6, %a6 ]
  %m7 = shl i32 128, %i
  %b7 = and i32 %x, %m7
  %z7 = icmp eq i32 %b7, 0
  br i1 %z7, label %t8, label %a7
a7:
  %r7 = mul nuw i32 %i, 5
  %s7 = sext i32 %r7 to i64
  %p7 = getelementptr i32, ptr addrspace(1) %tbl, i64 %s7
  %q7 = getelementptr i32, ptr addrspace(1) %p7, i64 35
  %e7_0 = getelementptr i32, ptr addrspace(1) %q7, i64 0
  %v7_0 = load i32, ptr addrspace(1) %e7_0, align 4
  %x7_0 = xor i32 %acc7, %v7_0
  %e7_1 = getelementptr i32, ptr addrspace(1) %q7, i64 1
  %v7_1 = load i32, ptr addrspace(1) %e7_1, align 4
  %x7_1 = xor i32 %x7_0, %v7_1
  %e7_2 = getelementptr i32, ptr addrspace(1) %q7, i64 2
  %v7_2 = load i32, ptr addrspace(1) %e7_2, align 4
  %x7_2 = xor i32 %x7_1, %v7_2
  %e7_3 = getelementptr i32, ptr addrspace(1) %q7, i64 3
  %v7_3 = load i32, ptr addrspace(1) %e7_3, align 4
  %x7_3 = xor i32 %x7_2, %v7_3
  %e7_4 = getelementptr i32, ptr addrspace(1) %q7, i64 4
  %v7_4 = load i32, ptr addrspace(1) %e7_4, align 4
  %y7 = xor i32 %x7_3, %v7_4
  br label %t8
t8:
  %acc8 = phi i32 [ %acc7, %t7 ], [ %y7, %a7 ]
  %inext = add nuw nsw i32 %i, 8
  %more = icmp ult i32 %inext, 32
  br i1 %more, label %loop, label %done
done:
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %g64
  store i32 %acc8, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
