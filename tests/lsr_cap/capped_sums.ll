; A loop under a launch-bounds register cap (maxntid 256, minctasm 8: 65536 / 2048 = 32 registers per thread)
; that carries 14 double sums (28 registers) and reads 14 doubles per iteration: its estimated pressure is over
; the cap, so `lsr` adds no pointer IV to it. `crates/simtc/tests/lsr_cap.rs` compiles it (-O0, -O3, -O3 without
; lsr; sm_70 and sm_90), has ptxas assemble it under the cap, runs it in the emulator and compares with the sums
; computed in Rust.
; out[14*t + k] = sum over i < n of x[t + 64*14*i + 64*k]
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @capped_sums(ptr noalias readonly %x, ptr noalias %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a0 = phi double [ 0.0, %entry ], [ %a0.n, %loop ]
  %a1 = phi double [ 0.0, %entry ], [ %a1.n, %loop ]
  %a2 = phi double [ 0.0, %entry ], [ %a2.n, %loop ]
  %a3 = phi double [ 0.0, %entry ], [ %a3.n, %loop ]
  %a4 = phi double [ 0.0, %entry ], [ %a4.n, %loop ]
  %a5 = phi double [ 0.0, %entry ], [ %a5.n, %loop ]
  %a6 = phi double [ 0.0, %entry ], [ %a6.n, %loop ]
  %a7 = phi double [ 0.0, %entry ], [ %a7.n, %loop ]
  %a8 = phi double [ 0.0, %entry ], [ %a8.n, %loop ]
  %a9 = phi double [ 0.0, %entry ], [ %a9.n, %loop ]
  %a10 = phi double [ 0.0, %entry ], [ %a10.n, %loop ]
  %a11 = phi double [ 0.0, %entry ], [ %a11.n, %loop ]
  %a12 = phi double [ 0.0, %entry ], [ %a12.n, %loop ]
  %a13 = phi double [ 0.0, %entry ], [ %a13.n, %loop ]
  %row = mul nsw i32 %i, 896
  %base = add nsw i32 %row, %t
  %o0 = add nsw i32 %base, 0
  %w0 = sext i32 %o0 to i64
  %p0 = getelementptr inbounds double, ptr %x, i64 %w0
  %v0 = load double, ptr %p0, align 8
  %a0.n = fadd double %a0, %v0
  %o1 = add nsw i32 %base, 64
  %w1 = sext i32 %o1 to i64
  %p1 = getelementptr inbounds double, ptr %x, i64 %w1
  %v1 = load double, ptr %p1, align 8
  %a1.n = fadd double %a1, %v1
  %o2 = add nsw i32 %base, 128
  %w2 = sext i32 %o2 to i64
  %p2 = getelementptr inbounds double, ptr %x, i64 %w2
  %v2 = load double, ptr %p2, align 8
  %a2.n = fadd double %a2, %v2
  %o3 = add nsw i32 %base, 192
  %w3 = sext i32 %o3 to i64
  %p3 = getelementptr inbounds double, ptr %x, i64 %w3
  %v3 = load double, ptr %p3, align 8
  %a3.n = fadd double %a3, %v3
  %o4 = add nsw i32 %base, 256
  %w4 = sext i32 %o4 to i64
  %p4 = getelementptr inbounds double, ptr %x, i64 %w4
  %v4 = load double, ptr %p4, align 8
  %a4.n = fadd double %a4, %v4
  %o5 = add nsw i32 %base, 320
  %w5 = sext i32 %o5 to i64
  %p5 = getelementptr inbounds double, ptr %x, i64 %w5
  %v5 = load double, ptr %p5, align 8
  %a5.n = fadd double %a5, %v5
  %o6 = add nsw i32 %base, 384
  %w6 = sext i32 %o6 to i64
  %p6 = getelementptr inbounds double, ptr %x, i64 %w6
  %v6 = load double, ptr %p6, align 8
  %a6.n = fadd double %a6, %v6
  %o7 = add nsw i32 %base, 448
  %w7 = sext i32 %o7 to i64
  %p7 = getelementptr inbounds double, ptr %x, i64 %w7
  %v7 = load double, ptr %p7, align 8
  %a7.n = fadd double %a7, %v7
  %o8 = add nsw i32 %base, 512
  %w8 = sext i32 %o8 to i64
  %p8 = getelementptr inbounds double, ptr %x, i64 %w8
  %v8 = load double, ptr %p8, align 8
  %a8.n = fadd double %a8, %v8
  %o9 = add nsw i32 %base, 576
  %w9 = sext i32 %o9 to i64
  %p9 = getelementptr inbounds double, ptr %x, i64 %w9
  %v9 = load double, ptr %p9, align 8
  %a9.n = fadd double %a9, %v9
  %o10 = add nsw i32 %base, 640
  %w10 = sext i32 %o10 to i64
  %p10 = getelementptr inbounds double, ptr %x, i64 %w10
  %v10 = load double, ptr %p10, align 8
  %a10.n = fadd double %a10, %v10
  %o11 = add nsw i32 %base, 704
  %w11 = sext i32 %o11 to i64
  %p11 = getelementptr inbounds double, ptr %x, i64 %w11
  %v11 = load double, ptr %p11, align 8
  %a11.n = fadd double %a11, %v11
  %o12 = add nsw i32 %base, 768
  %w12 = sext i32 %o12 to i64
  %p12 = getelementptr inbounds double, ptr %x, i64 %w12
  %v12 = load double, ptr %p12, align 8
  %a12.n = fadd double %a12, %v12
  %o13 = add nsw i32 %base, 832
  %w13 = sext i32 %o13 to i64
  %p13 = getelementptr inbounds double, ptr %x, i64 %w13
  %v13 = load double, ptr %p13, align 8
  %a13.n = fadd double %a13, %v13
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %ob = mul nsw i32 %t, 14
  %s0 = add nsw i32 %ob, 0
  %sw0 = sext i32 %s0 to i64
  %q0 = getelementptr inbounds double, ptr %out, i64 %sw0
  store double %a0.n, ptr %q0, align 8
  %s1 = add nsw i32 %ob, 1
  %sw1 = sext i32 %s1 to i64
  %q1 = getelementptr inbounds double, ptr %out, i64 %sw1
  store double %a1.n, ptr %q1, align 8
  %s2 = add nsw i32 %ob, 2
  %sw2 = sext i32 %s2 to i64
  %q2 = getelementptr inbounds double, ptr %out, i64 %sw2
  store double %a2.n, ptr %q2, align 8
  %s3 = add nsw i32 %ob, 3
  %sw3 = sext i32 %s3 to i64
  %q3 = getelementptr inbounds double, ptr %out, i64 %sw3
  store double %a3.n, ptr %q3, align 8
  %s4 = add nsw i32 %ob, 4
  %sw4 = sext i32 %s4 to i64
  %q4 = getelementptr inbounds double, ptr %out, i64 %sw4
  store double %a4.n, ptr %q4, align 8
  %s5 = add nsw i32 %ob, 5
  %sw5 = sext i32 %s5 to i64
  %q5 = getelementptr inbounds double, ptr %out, i64 %sw5
  store double %a5.n, ptr %q5, align 8
  %s6 = add nsw i32 %ob, 6
  %sw6 = sext i32 %s6 to i64
  %q6 = getelementptr inbounds double, ptr %out, i64 %sw6
  store double %a6.n, ptr %q6, align 8
  %s7 = add nsw i32 %ob, 7
  %sw7 = sext i32 %s7 to i64
  %q7 = getelementptr inbounds double, ptr %out, i64 %sw7
  store double %a7.n, ptr %q7, align 8
  %s8 = add nsw i32 %ob, 8
  %sw8 = sext i32 %s8 to i64
  %q8 = getelementptr inbounds double, ptr %out, i64 %sw8
  store double %a8.n, ptr %q8, align 8
  %s9 = add nsw i32 %ob, 9
  %sw9 = sext i32 %s9 to i64
  %q9 = getelementptr inbounds double, ptr %out, i64 %sw9
  store double %a9.n, ptr %q9, align 8
  %s10 = add nsw i32 %ob, 10
  %sw10 = sext i32 %s10 to i64
  %q10 = getelementptr inbounds double, ptr %out, i64 %sw10
  store double %a10.n, ptr %q10, align 8
  %s11 = add nsw i32 %ob, 11
  %sw11 = sext i32 %s11 to i64
  %q11 = getelementptr inbounds double, ptr %out, i64 %sw11
  store double %a11.n, ptr %q11, align 8
  %s12 = add nsw i32 %ob, 12
  %sw12 = sext i32 %s12 to i64
  %q12 = getelementptr inbounds double, ptr %out, i64 %sw12
  store double %a12.n, ptr %q12, align 8
  %s13 = add nsw i32 %ob, 13
  %sw13 = sext i32 %s13 to i64
  %q13 = getelementptr inbounds double, ptr %out, i64 %sw13
  store double %a13.n, ptr %q13, align 8
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @capped_sums, !"maxntidx", i32 256}
!1 = !{ptr @capped_sums, !"minctasm", i32 8}
