; Under a launch-bounds register cap, lsr adds no IVs to a loop whose carried values leave no room for one:
; `capped` (maxntid 1024, minctasm 2: 65536 / 2048 = 32 registers per thread) carries 20 doubles (40 registers)
; and its IV `i` around its loop (the parameters stay in the constant bank and count nothing), so its 20
; addresses `x[i + 1024k]` stay `base + 8*sext(i + c)`: a pointer IV would be two more registers carried through
; a loop ptxas already spills in (272 bytes of spills with the IV, 264 without, sm_90). `free` is the same loop
; without launch bounds: the addresses share one pointer IV. `bounded` has launch bounds that leave room
; (maxntid 128: 512 registers, no cap), and `attr_capped` sets the cap with the LLVM 20 function attribute
; (`"nvvm.maxnreg"="32"`).
; RUN: opt %s --passes lsr --knob lsr-report=1

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @capped(ptr %x, ptr %y, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ %tid, %entry ], [ %i.next, %loop ]
  %a0 = phi double [ 0.0, %entry ], [ %a0.next, %loop ]
  %a1 = phi double [ 0.0, %entry ], [ %a1.next, %loop ]
  %a2 = phi double [ 0.0, %entry ], [ %a2.next, %loop ]
  %a3 = phi double [ 0.0, %entry ], [ %a3.next, %loop ]
  %a4 = phi double [ 0.0, %entry ], [ %a4.next, %loop ]
  %a5 = phi double [ 0.0, %entry ], [ %a5.next, %loop ]
  %a6 = phi double [ 0.0, %entry ], [ %a6.next, %loop ]
  %a7 = phi double [ 0.0, %entry ], [ %a7.next, %loop ]
  %a8 = phi double [ 0.0, %entry ], [ %a8.next, %loop ]
  %a9 = phi double [ 0.0, %entry ], [ %a9.next, %loop ]
  %a10 = phi double [ 0.0, %entry ], [ %a10.next, %loop ]
  %a11 = phi double [ 0.0, %entry ], [ %a11.next, %loop ]
  %a12 = phi double [ 0.0, %entry ], [ %a12.next, %loop ]
  %a13 = phi double [ 0.0, %entry ], [ %a13.next, %loop ]
  %a14 = phi double [ 0.0, %entry ], [ %a14.next, %loop ]
  %a15 = phi double [ 0.0, %entry ], [ %a15.next, %loop ]
  %a16 = phi double [ 0.0, %entry ], [ %a16.next, %loop ]
  %a17 = phi double [ 0.0, %entry ], [ %a17.next, %loop ]
  %a18 = phi double [ 0.0, %entry ], [ %a18.next, %loop ]
  %a19 = phi double [ 0.0, %entry ], [ %a19.next, %loop ]
  %i0 = add nsw i32 %i, 0
  %j0 = sext i32 %i0 to i64
  %i1 = add nsw i32 %i, 1024
  %j1 = sext i32 %i1 to i64
  %i2 = add nsw i32 %i, 2048
  %j2 = sext i32 %i2 to i64
  %i3 = add nsw i32 %i, 3072
  %j3 = sext i32 %i3 to i64
  %i4 = add nsw i32 %i, 4096
  %j4 = sext i32 %i4 to i64
  %i5 = add nsw i32 %i, 5120
  %j5 = sext i32 %i5 to i64
  %i6 = add nsw i32 %i, 6144
  %j6 = sext i32 %i6 to i64
  %i7 = add nsw i32 %i, 7168
  %j7 = sext i32 %i7 to i64
  %i8 = add nsw i32 %i, 8192
  %j8 = sext i32 %i8 to i64
  %i9 = add nsw i32 %i, 9216
  %j9 = sext i32 %i9 to i64
  %i10 = add nsw i32 %i, 10240
  %j10 = sext i32 %i10 to i64
  %i11 = add nsw i32 %i, 11264
  %j11 = sext i32 %i11 to i64
  %i12 = add nsw i32 %i, 12288
  %j12 = sext i32 %i12 to i64
  %i13 = add nsw i32 %i, 13312
  %j13 = sext i32 %i13 to i64
  %i14 = add nsw i32 %i, 14336
  %j14 = sext i32 %i14 to i64
  %i15 = add nsw i32 %i, 15360
  %j15 = sext i32 %i15 to i64
  %i16 = add nsw i32 %i, 16384
  %j16 = sext i32 %i16 to i64
  %i17 = add nsw i32 %i, 17408
  %j17 = sext i32 %i17 to i64
  %i18 = add nsw i32 %i, 18432
  %j18 = sext i32 %i18 to i64
  %i19 = add nsw i32 %i, 19456
  %j19 = sext i32 %i19 to i64
  %p0 = getelementptr inbounds double, ptr %x, i64 %j0
  %v0 = load double, ptr %p0, align 8
  %a0.next = fadd double %a0, %v0
  %p1 = getelementptr inbounds double, ptr %x, i64 %j1
  %v1 = load double, ptr %p1, align 8
  %a1.next = fadd double %a1, %v1
  %p2 = getelementptr inbounds double, ptr %x, i64 %j2
  %v2 = load double, ptr %p2, align 8
  %a2.next = fadd double %a2, %v2
  %p3 = getelementptr inbounds double, ptr %x, i64 %j3
  %v3 = load double, ptr %p3, align 8
  %a3.next = fadd double %a3, %v3
  %p4 = getelementptr inbounds double, ptr %x, i64 %j4
  %v4 = load double, ptr %p4, align 8
  %a4.next = fadd double %a4, %v4
  %p5 = getelementptr inbounds double, ptr %x, i64 %j5
  %v5 = load double, ptr %p5, align 8
  %a5.next = fadd double %a5, %v5
  %p6 = getelementptr inbounds double, ptr %x, i64 %j6
  %v6 = load double, ptr %p6, align 8
  %a6.next = fadd double %a6, %v6
  %p7 = getelementptr inbounds double, ptr %x, i64 %j7
  %v7 = load double, ptr %p7, align 8
  %a7.next = fadd double %a7, %v7
  %p8 = getelementptr inbounds double, ptr %x, i64 %j8
  %v8 = load double, ptr %p8, align 8
  %a8.next = fadd double %a8, %v8
  %p9 = getelementptr inbounds double, ptr %x, i64 %j9
  %v9 = load double, ptr %p9, align 8
  %a9.next = fadd double %a9, %v9
  %p10 = getelementptr inbounds double, ptr %x, i64 %j10
  %v10 = load double, ptr %p10, align 8
  %a10.next = fadd double %a10, %v10
  %p11 = getelementptr inbounds double, ptr %x, i64 %j11
  %v11 = load double, ptr %p11, align 8
  %a11.next = fadd double %a11, %v11
  %p12 = getelementptr inbounds double, ptr %x, i64 %j12
  %v12 = load double, ptr %p12, align 8
  %a12.next = fadd double %a12, %v12
  %p13 = getelementptr inbounds double, ptr %x, i64 %j13
  %v13 = load double, ptr %p13, align 8
  %a13.next = fadd double %a13, %v13
  %p14 = getelementptr inbounds double, ptr %x, i64 %j14
  %v14 = load double, ptr %p14, align 8
  %a14.next = fadd double %a14, %v14
  %p15 = getelementptr inbounds double, ptr %x, i64 %j15
  %v15 = load double, ptr %p15, align 8
  %a15.next = fadd double %a15, %v15
  %p16 = getelementptr inbounds double, ptr %x, i64 %j16
  %v16 = load double, ptr %p16, align 8
  %a16.next = fadd double %a16, %v16
  %p17 = getelementptr inbounds double, ptr %x, i64 %j17
  %v17 = load double, ptr %p17, align 8
  %a17.next = fadd double %a17, %v17
  %p18 = getelementptr inbounds double, ptr %x, i64 %j18
  %v18 = load double, ptr %p18, align 8
  %a18.next = fadd double %a18, %v18
  %p19 = getelementptr inbounds double, ptr %x, i64 %j19
  %v19 = load double, ptr %p19, align 8
  %a19.next = fadd double %a19, %v19
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %q0 = getelementptr inbounds double, ptr %y, i32 0
  store double %a0.next, ptr %q0, align 8
  %q1 = getelementptr inbounds double, ptr %y, i32 1
  store double %a1.next, ptr %q1, align 8
  %q2 = getelementptr inbounds double, ptr %y, i32 2
  store double %a2.next, ptr %q2, align 8
  %q3 = getelementptr inbounds double, ptr %y, i32 3
  store double %a3.next, ptr %q3, align 8
  %q4 = getelementptr inbounds double, ptr %y, i32 4
  store double %a4.next, ptr %q4, align 8
  %q5 = getelementptr inbounds double, ptr %y, i32 5
  store double %a5.next, ptr %q5, align 8
  %q6 = getelementptr inbounds double, ptr %y, i32 6
  store double %a6.next, ptr %q6, align 8
  %q7 = getelementptr inbounds double, ptr %y, i32 7
  store double %a7.next, ptr %q7, align 8
  %q8 = getelementptr inbounds double, ptr %y, i32 8
  store double %a8.next, ptr %q8, align 8
  %q9 = getelementptr inbounds double, ptr %y, i32 9
  store double %a9.next, ptr %q9, align 8
  %q10 = getelementptr inbounds double, ptr %y, i32 10
  store double %a10.next, ptr %q10, align 8
  %q11 = getelementptr inbounds double, ptr %y, i32 11
  store double %a11.next, ptr %q11, align 8
  %q12 = getelementptr inbounds double, ptr %y, i32 12
  store double %a12.next, ptr %q12, align 8
  %q13 = getelementptr inbounds double, ptr %y, i32 13
  store double %a13.next, ptr %q13, align 8
  %q14 = getelementptr inbounds double, ptr %y, i32 14
  store double %a14.next, ptr %q14, align 8
  %q15 = getelementptr inbounds double, ptr %y, i32 15
  store double %a15.next, ptr %q15, align 8
  %q16 = getelementptr inbounds double, ptr %y, i32 16
  store double %a16.next, ptr %q16, align 8
  %q17 = getelementptr inbounds double, ptr %y, i32 17
  store double %a17.next, ptr %q17, align 8
  %q18 = getelementptr inbounds double, ptr %y, i32 18
  store double %a18.next, ptr %q18, align 8
  %q19 = getelementptr inbounds double, ptr %y, i32 19
  store double %a19.next, ptr %q19, align 8
  ret void
}

define ptx_kernel void @free(ptr %x, ptr %y, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ %tid, %entry ], [ %i.next, %loop ]
  %a0 = phi double [ 0.0, %entry ], [ %a0.next, %loop ]
  %a1 = phi double [ 0.0, %entry ], [ %a1.next, %loop ]
  %a2 = phi double [ 0.0, %entry ], [ %a2.next, %loop ]
  %a3 = phi double [ 0.0, %entry ], [ %a3.next, %loop ]
  %a4 = phi double [ 0.0, %entry ], [ %a4.next, %loop ]
  %a5 = phi double [ 0.0, %entry ], [ %a5.next, %loop ]
  %a6 = phi double [ 0.0, %entry ], [ %a6.next, %loop ]
  %a7 = phi double [ 0.0, %entry ], [ %a7.next, %loop ]
  %a8 = phi double [ 0.0, %entry ], [ %a8.next, %loop ]
  %a9 = phi double [ 0.0, %entry ], [ %a9.next, %loop ]
  %a10 = phi double [ 0.0, %entry ], [ %a10.next, %loop ]
  %a11 = phi double [ 0.0, %entry ], [ %a11.next, %loop ]
  %a12 = phi double [ 0.0, %entry ], [ %a12.next, %loop ]
  %a13 = phi double [ 0.0, %entry ], [ %a13.next, %loop ]
  %a14 = phi double [ 0.0, %entry ], [ %a14.next, %loop ]
  %a15 = phi double [ 0.0, %entry ], [ %a15.next, %loop ]
  %a16 = phi double [ 0.0, %entry ], [ %a16.next, %loop ]
  %a17 = phi double [ 0.0, %entry ], [ %a17.next, %loop ]
  %a18 = phi double [ 0.0, %entry ], [ %a18.next, %loop ]
  %a19 = phi double [ 0.0, %entry ], [ %a19.next, %loop ]
  %i0 = add nsw i32 %i, 0
  %j0 = sext i32 %i0 to i64
  %i1 = add nsw i32 %i, 1024
  %j1 = sext i32 %i1 to i64
  %i2 = add nsw i32 %i, 2048
  %j2 = sext i32 %i2 to i64
  %i3 = add nsw i32 %i, 3072
  %j3 = sext i32 %i3 to i64
  %i4 = add nsw i32 %i, 4096
  %j4 = sext i32 %i4 to i64
  %i5 = add nsw i32 %i, 5120
  %j5 = sext i32 %i5 to i64
  %i6 = add nsw i32 %i, 6144
  %j6 = sext i32 %i6 to i64
  %i7 = add nsw i32 %i, 7168
  %j7 = sext i32 %i7 to i64
  %i8 = add nsw i32 %i, 8192
  %j8 = sext i32 %i8 to i64
  %i9 = add nsw i32 %i, 9216
  %j9 = sext i32 %i9 to i64
  %i10 = add nsw i32 %i, 10240
  %j10 = sext i32 %i10 to i64
  %i11 = add nsw i32 %i, 11264
  %j11 = sext i32 %i11 to i64
  %i12 = add nsw i32 %i, 12288
  %j12 = sext i32 %i12 to i64
  %i13 = add nsw i32 %i, 13312
  %j13 = sext i32 %i13 to i64
  %i14 = add nsw i32 %i, 14336
  %j14 = sext i32 %i14 to i64
  %i15 = add nsw i32 %i, 15360
  %j15 = sext i32 %i15 to i64
  %i16 = add nsw i32 %i, 16384
  %j16 = sext i32 %i16 to i64
  %i17 = add nsw i32 %i, 17408
  %j17 = sext i32 %i17 to i64
  %i18 = add nsw i32 %i, 18432
  %j18 = sext i32 %i18 to i64
  %i19 = add nsw i32 %i, 19456
  %j19 = sext i32 %i19 to i64
  %p0 = getelementptr inbounds double, ptr %x, i64 %j0
  %v0 = load double, ptr %p0, align 8
  %a0.next = fadd double %a0, %v0
  %p1 = getelementptr inbounds double, ptr %x, i64 %j1
  %v1 = load double, ptr %p1, align 8
  %a1.next = fadd double %a1, %v1
  %p2 = getelementptr inbounds double, ptr %x, i64 %j2
  %v2 = load double, ptr %p2, align 8
  %a2.next = fadd double %a2, %v2
  %p3 = getelementptr inbounds double, ptr %x, i64 %j3
  %v3 = load double, ptr %p3, align 8
  %a3.next = fadd double %a3, %v3
  %p4 = getelementptr inbounds double, ptr %x, i64 %j4
  %v4 = load double, ptr %p4, align 8
  %a4.next = fadd double %a4, %v4
  %p5 = getelementptr inbounds double, ptr %x, i64 %j5
  %v5 = load double, ptr %p5, align 8
  %a5.next = fadd double %a5, %v5
  %p6 = getelementptr inbounds double, ptr %x, i64 %j6
  %v6 = load double, ptr %p6, align 8
  %a6.next = fadd double %a6, %v6
  %p7 = getelementptr inbounds double, ptr %x, i64 %j7
  %v7 = load double, ptr %p7, align 8
  %a7.next = fadd double %a7, %v7
  %p8 = getelementptr inbounds double, ptr %x, i64 %j8
  %v8 = load double, ptr %p8, align 8
  %a8.next = fadd double %a8, %v8
  %p9 = getelementptr inbounds double, ptr %x, i64 %j9
  %v9 = load double, ptr %p9, align 8
  %a9.next = fadd double %a9, %v9
  %p10 = getelementptr inbounds double, ptr %x, i64 %j10
  %v10 = load double, ptr %p10, align 8
  %a10.next = fadd double %a10, %v10
  %p11 = getelementptr inbounds double, ptr %x, i64 %j11
  %v11 = load double, ptr %p11, align 8
  %a11.next = fadd double %a11, %v11
  %p12 = getelementptr inbounds double, ptr %x, i64 %j12
  %v12 = load double, ptr %p12, align 8
  %a12.next = fadd double %a12, %v12
  %p13 = getelementptr inbounds double, ptr %x, i64 %j13
  %v13 = load double, ptr %p13, align 8
  %a13.next = fadd double %a13, %v13
  %p14 = getelementptr inbounds double, ptr %x, i64 %j14
  %v14 = load double, ptr %p14, align 8
  %a14.next = fadd double %a14, %v14
  %p15 = getelementptr inbounds double, ptr %x, i64 %j15
  %v15 = load double, ptr %p15, align 8
  %a15.next = fadd double %a15, %v15
  %p16 = getelementptr inbounds double, ptr %x, i64 %j16
  %v16 = load double, ptr %p16, align 8
  %a16.next = fadd double %a16, %v16
  %p17 = getelementptr inbounds double, ptr %x, i64 %j17
  %v17 = load double, ptr %p17, align 8
  %a17.next = fadd double %a17, %v17
  %p18 = getelementptr inbounds double, ptr %x, i64 %j18
  %v18 = load double, ptr %p18, align 8
  %a18.next = fadd double %a18, %v18
  %p19 = getelementptr inbounds double, ptr %x, i64 %j19
  %v19 = load double, ptr %p19, align 8
  %a19.next = fadd double %a19, %v19
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %q0 = getelementptr inbounds double, ptr %y, i32 0
  store double %a0.next, ptr %q0, align 8
  %q1 = getelementptr inbounds double, ptr %y, i32 1
  store double %a1.next, ptr %q1, align 8
  %q2 = getelementptr inbounds double, ptr %y, i32 2
  store double %a2.next, ptr %q2, align 8
  %q3 = getelementptr inbounds double, ptr %y, i32 3
  store double %a3.next, ptr %q3, align 8
  %q4 = getelementptr inbounds double, ptr %y, i32 4
  store double %a4.next, ptr %q4, align 8
  %q5 = getelementptr inbounds double, ptr %y, i32 5
  store double %a5.next, ptr %q5, align 8
  %q6 = getelementptr inbounds double, ptr %y, i32 6
  store double %a6.next, ptr %q6, align 8
  %q7 = getelementptr inbounds double, ptr %y, i32 7
  store double %a7.next, ptr %q7, align 8
  %q8 = getelementptr inbounds double, ptr %y, i32 8
  store double %a8.next, ptr %q8, align 8
  %q9 = getelementptr inbounds double, ptr %y, i32 9
  store double %a9.next, ptr %q9, align 8
  %q10 = getelementptr inbounds double, ptr %y, i32 10
  store double %a10.next, ptr %q10, align 8
  %q11 = getelementptr inbounds double, ptr %y, i32 11
  store double %a11.next, ptr %q11, align 8
  %q12 = getelementptr inbounds double, ptr %y, i32 12
  store double %a12.next, ptr %q12, align 8
  %q13 = getelementptr inbounds double, ptr %y, i32 13
  store double %a13.next, ptr %q13, align 8
  %q14 = getelementptr inbounds double, ptr %y, i32 14
  store double %a14.next, ptr %q14, align 8
  %q15 = getelementptr inbounds double, ptr %y, i32 15
  store double %a15.next, ptr %q15, align 8
  %q16 = getelementptr inbounds double, ptr %y, i32 16
  store double %a16.next, ptr %q16, align 8
  %q17 = getelementptr inbounds double, ptr %y, i32 17
  store double %a17.next, ptr %q17, align 8
  %q18 = getelementptr inbounds double, ptr %y, i32 18
  store double %a18.next, ptr %q18, align 8
  %q19 = getelementptr inbounds double, ptr %y, i32 19
  store double %a19.next, ptr %q19, align 8
  ret void
}

define ptx_kernel void @bounded(ptr %x, ptr %y, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ %tid, %entry ], [ %i.next, %loop ]
  %a0 = phi double [ 0.0, %entry ], [ %a0.next, %loop ]
  %a1 = phi double [ 0.0, %entry ], [ %a1.next, %loop ]
  %a2 = phi double [ 0.0, %entry ], [ %a2.next, %loop ]
  %a3 = phi double [ 0.0, %entry ], [ %a3.next, %loop ]
  %a4 = phi double [ 0.0, %entry ], [ %a4.next, %loop ]
  %a5 = phi double [ 0.0, %entry ], [ %a5.next, %loop ]
  %a6 = phi double [ 0.0, %entry ], [ %a6.next, %loop ]
  %a7 = phi double [ 0.0, %entry ], [ %a7.next, %loop ]
  %a8 = phi double [ 0.0, %entry ], [ %a8.next, %loop ]
  %a9 = phi double [ 0.0, %entry ], [ %a9.next, %loop ]
  %a10 = phi double [ 0.0, %entry ], [ %a10.next, %loop ]
  %a11 = phi double [ 0.0, %entry ], [ %a11.next, %loop ]
  %a12 = phi double [ 0.0, %entry ], [ %a12.next, %loop ]
  %a13 = phi double [ 0.0, %entry ], [ %a13.next, %loop ]
  %a14 = phi double [ 0.0, %entry ], [ %a14.next, %loop ]
  %a15 = phi double [ 0.0, %entry ], [ %a15.next, %loop ]
  %a16 = phi double [ 0.0, %entry ], [ %a16.next, %loop ]
  %a17 = phi double [ 0.0, %entry ], [ %a17.next, %loop ]
  %a18 = phi double [ 0.0, %entry ], [ %a18.next, %loop ]
  %a19 = phi double [ 0.0, %entry ], [ %a19.next, %loop ]
  %i0 = add nsw i32 %i, 0
  %j0 = sext i32 %i0 to i64
  %i1 = add nsw i32 %i, 1024
  %j1 = sext i32 %i1 to i64
  %i2 = add nsw i32 %i, 2048
  %j2 = sext i32 %i2 to i64
  %i3 = add nsw i32 %i, 3072
  %j3 = sext i32 %i3 to i64
  %i4 = add nsw i32 %i, 4096
  %j4 = sext i32 %i4 to i64
  %i5 = add nsw i32 %i, 5120
  %j5 = sext i32 %i5 to i64
  %i6 = add nsw i32 %i, 6144
  %j6 = sext i32 %i6 to i64
  %i7 = add nsw i32 %i, 7168
  %j7 = sext i32 %i7 to i64
  %i8 = add nsw i32 %i, 8192
  %j8 = sext i32 %i8 to i64
  %i9 = add nsw i32 %i, 9216
  %j9 = sext i32 %i9 to i64
  %i10 = add nsw i32 %i, 10240
  %j10 = sext i32 %i10 to i64
  %i11 = add nsw i32 %i, 11264
  %j11 = sext i32 %i11 to i64
  %i12 = add nsw i32 %i, 12288
  %j12 = sext i32 %i12 to i64
  %i13 = add nsw i32 %i, 13312
  %j13 = sext i32 %i13 to i64
  %i14 = add nsw i32 %i, 14336
  %j14 = sext i32 %i14 to i64
  %i15 = add nsw i32 %i, 15360
  %j15 = sext i32 %i15 to i64
  %i16 = add nsw i32 %i, 16384
  %j16 = sext i32 %i16 to i64
  %i17 = add nsw i32 %i, 17408
  %j17 = sext i32 %i17 to i64
  %i18 = add nsw i32 %i, 18432
  %j18 = sext i32 %i18 to i64
  %i19 = add nsw i32 %i, 19456
  %j19 = sext i32 %i19 to i64
  %p0 = getelementptr inbounds double, ptr %x, i64 %j0
  %v0 = load double, ptr %p0, align 8
  %a0.next = fadd double %a0, %v0
  %p1 = getelementptr inbounds double, ptr %x, i64 %j1
  %v1 = load double, ptr %p1, align 8
  %a1.next = fadd double %a1, %v1
  %p2 = getelementptr inbounds double, ptr %x, i64 %j2
  %v2 = load double, ptr %p2, align 8
  %a2.next = fadd double %a2, %v2
  %p3 = getelementptr inbounds double, ptr %x, i64 %j3
  %v3 = load double, ptr %p3, align 8
  %a3.next = fadd double %a3, %v3
  %p4 = getelementptr inbounds double, ptr %x, i64 %j4
  %v4 = load double, ptr %p4, align 8
  %a4.next = fadd double %a4, %v4
  %p5 = getelementptr inbounds double, ptr %x, i64 %j5
  %v5 = load double, ptr %p5, align 8
  %a5.next = fadd double %a5, %v5
  %p6 = getelementptr inbounds double, ptr %x, i64 %j6
  %v6 = load double, ptr %p6, align 8
  %a6.next = fadd double %a6, %v6
  %p7 = getelementptr inbounds double, ptr %x, i64 %j7
  %v7 = load double, ptr %p7, align 8
  %a7.next = fadd double %a7, %v7
  %p8 = getelementptr inbounds double, ptr %x, i64 %j8
  %v8 = load double, ptr %p8, align 8
  %a8.next = fadd double %a8, %v8
  %p9 = getelementptr inbounds double, ptr %x, i64 %j9
  %v9 = load double, ptr %p9, align 8
  %a9.next = fadd double %a9, %v9
  %p10 = getelementptr inbounds double, ptr %x, i64 %j10
  %v10 = load double, ptr %p10, align 8
  %a10.next = fadd double %a10, %v10
  %p11 = getelementptr inbounds double, ptr %x, i64 %j11
  %v11 = load double, ptr %p11, align 8
  %a11.next = fadd double %a11, %v11
  %p12 = getelementptr inbounds double, ptr %x, i64 %j12
  %v12 = load double, ptr %p12, align 8
  %a12.next = fadd double %a12, %v12
  %p13 = getelementptr inbounds double, ptr %x, i64 %j13
  %v13 = load double, ptr %p13, align 8
  %a13.next = fadd double %a13, %v13
  %p14 = getelementptr inbounds double, ptr %x, i64 %j14
  %v14 = load double, ptr %p14, align 8
  %a14.next = fadd double %a14, %v14
  %p15 = getelementptr inbounds double, ptr %x, i64 %j15
  %v15 = load double, ptr %p15, align 8
  %a15.next = fadd double %a15, %v15
  %p16 = getelementptr inbounds double, ptr %x, i64 %j16
  %v16 = load double, ptr %p16, align 8
  %a16.next = fadd double %a16, %v16
  %p17 = getelementptr inbounds double, ptr %x, i64 %j17
  %v17 = load double, ptr %p17, align 8
  %a17.next = fadd double %a17, %v17
  %p18 = getelementptr inbounds double, ptr %x, i64 %j18
  %v18 = load double, ptr %p18, align 8
  %a18.next = fadd double %a18, %v18
  %p19 = getelementptr inbounds double, ptr %x, i64 %j19
  %v19 = load double, ptr %p19, align 8
  %a19.next = fadd double %a19, %v19
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %q0 = getelementptr inbounds double, ptr %y, i32 0
  store double %a0.next, ptr %q0, align 8
  %q1 = getelementptr inbounds double, ptr %y, i32 1
  store double %a1.next, ptr %q1, align 8
  %q2 = getelementptr inbounds double, ptr %y, i32 2
  store double %a2.next, ptr %q2, align 8
  %q3 = getelementptr inbounds double, ptr %y, i32 3
  store double %a3.next, ptr %q3, align 8
  %q4 = getelementptr inbounds double, ptr %y, i32 4
  store double %a4.next, ptr %q4, align 8
  %q5 = getelementptr inbounds double, ptr %y, i32 5
  store double %a5.next, ptr %q5, align 8
  %q6 = getelementptr inbounds double, ptr %y, i32 6
  store double %a6.next, ptr %q6, align 8
  %q7 = getelementptr inbounds double, ptr %y, i32 7
  store double %a7.next, ptr %q7, align 8
  %q8 = getelementptr inbounds double, ptr %y, i32 8
  store double %a8.next, ptr %q8, align 8
  %q9 = getelementptr inbounds double, ptr %y, i32 9
  store double %a9.next, ptr %q9, align 8
  %q10 = getelementptr inbounds double, ptr %y, i32 10
  store double %a10.next, ptr %q10, align 8
  %q11 = getelementptr inbounds double, ptr %y, i32 11
  store double %a11.next, ptr %q11, align 8
  %q12 = getelementptr inbounds double, ptr %y, i32 12
  store double %a12.next, ptr %q12, align 8
  %q13 = getelementptr inbounds double, ptr %y, i32 13
  store double %a13.next, ptr %q13, align 8
  %q14 = getelementptr inbounds double, ptr %y, i32 14
  store double %a14.next, ptr %q14, align 8
  %q15 = getelementptr inbounds double, ptr %y, i32 15
  store double %a15.next, ptr %q15, align 8
  %q16 = getelementptr inbounds double, ptr %y, i32 16
  store double %a16.next, ptr %q16, align 8
  %q17 = getelementptr inbounds double, ptr %y, i32 17
  store double %a17.next, ptr %q17, align 8
  %q18 = getelementptr inbounds double, ptr %y, i32 18
  store double %a18.next, ptr %q18, align 8
  %q19 = getelementptr inbounds double, ptr %y, i32 19
  store double %a19.next, ptr %q19, align 8
  ret void
}

define ptx_kernel void @attr_capped(ptr %x, ptr %y, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ %tid, %entry ], [ %i.next, %loop ]
  %a0 = phi double [ 0.0, %entry ], [ %a0.next, %loop ]
  %a1 = phi double [ 0.0, %entry ], [ %a1.next, %loop ]
  %a2 = phi double [ 0.0, %entry ], [ %a2.next, %loop ]
  %a3 = phi double [ 0.0, %entry ], [ %a3.next, %loop ]
  %a4 = phi double [ 0.0, %entry ], [ %a4.next, %loop ]
  %a5 = phi double [ 0.0, %entry ], [ %a5.next, %loop ]
  %a6 = phi double [ 0.0, %entry ], [ %a6.next, %loop ]
  %a7 = phi double [ 0.0, %entry ], [ %a7.next, %loop ]
  %a8 = phi double [ 0.0, %entry ], [ %a8.next, %loop ]
  %a9 = phi double [ 0.0, %entry ], [ %a9.next, %loop ]
  %a10 = phi double [ 0.0, %entry ], [ %a10.next, %loop ]
  %a11 = phi double [ 0.0, %entry ], [ %a11.next, %loop ]
  %a12 = phi double [ 0.0, %entry ], [ %a12.next, %loop ]
  %a13 = phi double [ 0.0, %entry ], [ %a13.next, %loop ]
  %a14 = phi double [ 0.0, %entry ], [ %a14.next, %loop ]
  %a15 = phi double [ 0.0, %entry ], [ %a15.next, %loop ]
  %a16 = phi double [ 0.0, %entry ], [ %a16.next, %loop ]
  %a17 = phi double [ 0.0, %entry ], [ %a17.next, %loop ]
  %a18 = phi double [ 0.0, %entry ], [ %a18.next, %loop ]
  %a19 = phi double [ 0.0, %entry ], [ %a19.next, %loop ]
  %i0 = add nsw i32 %i, 0
  %j0 = sext i32 %i0 to i64
  %i1 = add nsw i32 %i, 1024
  %j1 = sext i32 %i1 to i64
  %i2 = add nsw i32 %i, 2048
  %j2 = sext i32 %i2 to i64
  %i3 = add nsw i32 %i, 3072
  %j3 = sext i32 %i3 to i64
  %i4 = add nsw i32 %i, 4096
  %j4 = sext i32 %i4 to i64
  %i5 = add nsw i32 %i, 5120
  %j5 = sext i32 %i5 to i64
  %i6 = add nsw i32 %i, 6144
  %j6 = sext i32 %i6 to i64
  %i7 = add nsw i32 %i, 7168
  %j7 = sext i32 %i7 to i64
  %i8 = add nsw i32 %i, 8192
  %j8 = sext i32 %i8 to i64
  %i9 = add nsw i32 %i, 9216
  %j9 = sext i32 %i9 to i64
  %i10 = add nsw i32 %i, 10240
  %j10 = sext i32 %i10 to i64
  %i11 = add nsw i32 %i, 11264
  %j11 = sext i32 %i11 to i64
  %i12 = add nsw i32 %i, 12288
  %j12 = sext i32 %i12 to i64
  %i13 = add nsw i32 %i, 13312
  %j13 = sext i32 %i13 to i64
  %i14 = add nsw i32 %i, 14336
  %j14 = sext i32 %i14 to i64
  %i15 = add nsw i32 %i, 15360
  %j15 = sext i32 %i15 to i64
  %i16 = add nsw i32 %i, 16384
  %j16 = sext i32 %i16 to i64
  %i17 = add nsw i32 %i, 17408
  %j17 = sext i32 %i17 to i64
  %i18 = add nsw i32 %i, 18432
  %j18 = sext i32 %i18 to i64
  %i19 = add nsw i32 %i, 19456
  %j19 = sext i32 %i19 to i64
  %p0 = getelementptr inbounds double, ptr %x, i64 %j0
  %v0 = load double, ptr %p0, align 8
  %a0.next = fadd double %a0, %v0
  %p1 = getelementptr inbounds double, ptr %x, i64 %j1
  %v1 = load double, ptr %p1, align 8
  %a1.next = fadd double %a1, %v1
  %p2 = getelementptr inbounds double, ptr %x, i64 %j2
  %v2 = load double, ptr %p2, align 8
  %a2.next = fadd double %a2, %v2
  %p3 = getelementptr inbounds double, ptr %x, i64 %j3
  %v3 = load double, ptr %p3, align 8
  %a3.next = fadd double %a3, %v3
  %p4 = getelementptr inbounds double, ptr %x, i64 %j4
  %v4 = load double, ptr %p4, align 8
  %a4.next = fadd double %a4, %v4
  %p5 = getelementptr inbounds double, ptr %x, i64 %j5
  %v5 = load double, ptr %p5, align 8
  %a5.next = fadd double %a5, %v5
  %p6 = getelementptr inbounds double, ptr %x, i64 %j6
  %v6 = load double, ptr %p6, align 8
  %a6.next = fadd double %a6, %v6
  %p7 = getelementptr inbounds double, ptr %x, i64 %j7
  %v7 = load double, ptr %p7, align 8
  %a7.next = fadd double %a7, %v7
  %p8 = getelementptr inbounds double, ptr %x, i64 %j8
  %v8 = load double, ptr %p8, align 8
  %a8.next = fadd double %a8, %v8
  %p9 = getelementptr inbounds double, ptr %x, i64 %j9
  %v9 = load double, ptr %p9, align 8
  %a9.next = fadd double %a9, %v9
  %p10 = getelementptr inbounds double, ptr %x, i64 %j10
  %v10 = load double, ptr %p10, align 8
  %a10.next = fadd double %a10, %v10
  %p11 = getelementptr inbounds double, ptr %x, i64 %j11
  %v11 = load double, ptr %p11, align 8
  %a11.next = fadd double %a11, %v11
  %p12 = getelementptr inbounds double, ptr %x, i64 %j12
  %v12 = load double, ptr %p12, align 8
  %a12.next = fadd double %a12, %v12
  %p13 = getelementptr inbounds double, ptr %x, i64 %j13
  %v13 = load double, ptr %p13, align 8
  %a13.next = fadd double %a13, %v13
  %p14 = getelementptr inbounds double, ptr %x, i64 %j14
  %v14 = load double, ptr %p14, align 8
  %a14.next = fadd double %a14, %v14
  %p15 = getelementptr inbounds double, ptr %x, i64 %j15
  %v15 = load double, ptr %p15, align 8
  %a15.next = fadd double %a15, %v15
  %p16 = getelementptr inbounds double, ptr %x, i64 %j16
  %v16 = load double, ptr %p16, align 8
  %a16.next = fadd double %a16, %v16
  %p17 = getelementptr inbounds double, ptr %x, i64 %j17
  %v17 = load double, ptr %p17, align 8
  %a17.next = fadd double %a17, %v17
  %p18 = getelementptr inbounds double, ptr %x, i64 %j18
  %v18 = load double, ptr %p18, align 8
  %a18.next = fadd double %a18, %v18
  %p19 = getelementptr inbounds double, ptr %x, i64 %j19
  %v19 = load double, ptr %p19, align 8
  %a19.next = fadd double %a19, %v19
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %q0 = getelementptr inbounds double, ptr %y, i32 0
  store double %a0.next, ptr %q0, align 8
  %q1 = getelementptr inbounds double, ptr %y, i32 1
  store double %a1.next, ptr %q1, align 8
  %q2 = getelementptr inbounds double, ptr %y, i32 2
  store double %a2.next, ptr %q2, align 8
  %q3 = getelementptr inbounds double, ptr %y, i32 3
  store double %a3.next, ptr %q3, align 8
  %q4 = getelementptr inbounds double, ptr %y, i32 4
  store double %a4.next, ptr %q4, align 8
  %q5 = getelementptr inbounds double, ptr %y, i32 5
  store double %a5.next, ptr %q5, align 8
  %q6 = getelementptr inbounds double, ptr %y, i32 6
  store double %a6.next, ptr %q6, align 8
  %q7 = getelementptr inbounds double, ptr %y, i32 7
  store double %a7.next, ptr %q7, align 8
  %q8 = getelementptr inbounds double, ptr %y, i32 8
  store double %a8.next, ptr %q8, align 8
  %q9 = getelementptr inbounds double, ptr %y, i32 9
  store double %a9.next, ptr %q9, align 8
  %q10 = getelementptr inbounds double, ptr %y, i32 10
  store double %a10.next, ptr %q10, align 8
  %q11 = getelementptr inbounds double, ptr %y, i32 11
  store double %a11.next, ptr %q11, align 8
  %q12 = getelementptr inbounds double, ptr %y, i32 12
  store double %a12.next, ptr %q12, align 8
  %q13 = getelementptr inbounds double, ptr %y, i32 13
  store double %a13.next, ptr %q13, align 8
  %q14 = getelementptr inbounds double, ptr %y, i32 14
  store double %a14.next, ptr %q14, align 8
  %q15 = getelementptr inbounds double, ptr %y, i32 15
  store double %a15.next, ptr %q15, align 8
  %q16 = getelementptr inbounds double, ptr %y, i32 16
  store double %a16.next, ptr %q16, align 8
  %q17 = getelementptr inbounds double, ptr %y, i32 17
  store double %a17.next, ptr %q17, align 8
  %q18 = getelementptr inbounds double, ptr %y, i32 18
  store double %a18.next, ptr %q18, align 8
  %q19 = getelementptr inbounds double, ptr %y, i32 19
  store double %a19.next, ptr %q19, align 8
  ret void
}

attributes #0 = { "nvvm.maxnreg"="32" }

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @capped, !"maxntidx", i32 1024}
!1 = !{ptr @capped, !"minctasm", i32 2}
!2 = !{ptr @bounded, !"maxntidx", i32 128}

; ERR: remark: lsr: @capped: loop %loop: no new IVs: 41 registers carried, + 2 for an IV and 4 for the body exceed the register cap 32
; ERR: remark: lsr: @free: loop %loop: 1 new IVs (0 uniform), 20 addresses rewritten
; ERR: remark: lsr: @bounded: loop %loop: 1 new IVs (0 uniform), 20 addresses rewritten
; ERR: remark: lsr: @attr_capped: loop %loop: no new IVs: 41 registers carried, + 2 for an IV and 4 for the body exceed the register cap 32
; CHECK-LABEL: define ptx_kernel void @capped(
; CHECK: loop:
; CHECK-NOT: lsr.iv
; CHECK: %p0 = getelementptr inbounds double, ptr %x, i64 %j0
; CHECK-LABEL: define ptx_kernel void @free(
; CHECK: %lsr.iv = phi ptr
; CHECK-LABEL: define ptx_kernel void @bounded(
; CHECK: %lsr.iv = phi ptr
; CHECK-LABEL: define ptx_kernel void @attr_capped(
; CHECK-NOT: lsr.iv
; CHECK: ret void
