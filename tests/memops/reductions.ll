; Every llvm.vector.reduce.* form on several element types, for crates/simtc/tests/memops.rs: thread t reads
; eight elements at in[8t..8t+8] (the first N as an <N x T> for the shorter vectors), reduces them in each listed
; way and stores result k at out[K*t + k]; fadd/fmul take in[8t+7] as the start value, in[8t+6] with reassoc
; (llc's IR CSE merges two calls that differ only in fast-math flags, keeping the ordered chain). The test
; computes every result in Rust in LLVM's order and checks simtc's PTX and llc-19's bit for bit in the emulator.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; 12 results per thread
define ptx_kernel void @red_i8(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %base = mul i64 %t64, 8
  %pin = getelementptr i8, ptr addrspace(1) %in, i64 %base
  %obase = mul i64 %t64, 12
  %o = getelementptr i8, ptr addrspace(1) %out, i64 %obase
  %v4 = load <4 x i8>, ptr addrspace(1) %pin, align 1
  %r0 = call i8 @llvm.vector.reduce.add.v4i8(<4 x i8> %v4)
  store i8 %r0, ptr addrspace(1) %o, align 1
  %r1 = call i8 @llvm.vector.reduce.mul.v4i8(<4 x i8> %v4)
  %p1 = getelementptr i8, ptr addrspace(1) %o, i64 1
  store i8 %r1, ptr addrspace(1) %p1, align 1
  %r2 = call i8 @llvm.vector.reduce.and.v4i8(<4 x i8> %v4)
  %p2 = getelementptr i8, ptr addrspace(1) %o, i64 2
  store i8 %r2, ptr addrspace(1) %p2, align 1
  %r3 = call i8 @llvm.vector.reduce.or.v4i8(<4 x i8> %v4)
  %p3 = getelementptr i8, ptr addrspace(1) %o, i64 3
  store i8 %r3, ptr addrspace(1) %p3, align 1
  %r4 = call i8 @llvm.vector.reduce.xor.v4i8(<4 x i8> %v4)
  %p4 = getelementptr i8, ptr addrspace(1) %o, i64 4
  store i8 %r4, ptr addrspace(1) %p4, align 1
  %r5 = call i8 @llvm.vector.reduce.smax.v4i8(<4 x i8> %v4)
  %p5 = getelementptr i8, ptr addrspace(1) %o, i64 5
  store i8 %r5, ptr addrspace(1) %p5, align 1
  %r6 = call i8 @llvm.vector.reduce.smin.v4i8(<4 x i8> %v4)
  %p6 = getelementptr i8, ptr addrspace(1) %o, i64 6
  store i8 %r6, ptr addrspace(1) %p6, align 1
  %r7 = call i8 @llvm.vector.reduce.umax.v4i8(<4 x i8> %v4)
  %p7 = getelementptr i8, ptr addrspace(1) %o, i64 7
  store i8 %r7, ptr addrspace(1) %p7, align 1
  %r8 = call i8 @llvm.vector.reduce.umin.v4i8(<4 x i8> %v4)
  %p8 = getelementptr i8, ptr addrspace(1) %o, i64 8
  store i8 %r8, ptr addrspace(1) %p8, align 1
  %v8 = load <8 x i8>, ptr addrspace(1) %pin, align 1
  %r9 = call i8 @llvm.vector.reduce.add.v8i8(<8 x i8> %v8)
  %p9 = getelementptr i8, ptr addrspace(1) %o, i64 9
  store i8 %r9, ptr addrspace(1) %p9, align 1
  %r10 = call i8 @llvm.vector.reduce.smin.v8i8(<8 x i8> %v8)
  %p10 = getelementptr i8, ptr addrspace(1) %o, i64 10
  store i8 %r10, ptr addrspace(1) %p10, align 1
  %r11 = call i8 @llvm.vector.reduce.umax.v8i8(<8 x i8> %v8)
  %p11 = getelementptr i8, ptr addrspace(1) %o, i64 11
  store i8 %r11, ptr addrspace(1) %p11, align 1
  ret void
}

; 13 results per thread
define ptx_kernel void @red_i16(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %base = mul i64 %t64, 8
  %pin = getelementptr i16, ptr addrspace(1) %in, i64 %base
  %obase = mul i64 %t64, 13
  %o = getelementptr i16, ptr addrspace(1) %out, i64 %obase
  %v2 = load <2 x i16>, ptr addrspace(1) %pin, align 2
  %r0 = call i16 @llvm.vector.reduce.add.v2i16(<2 x i16> %v2)
  store i16 %r0, ptr addrspace(1) %o, align 2
  %r1 = call i16 @llvm.vector.reduce.mul.v2i16(<2 x i16> %v2)
  %p1 = getelementptr i16, ptr addrspace(1) %o, i64 1
  store i16 %r1, ptr addrspace(1) %p1, align 2
  %r2 = call i16 @llvm.vector.reduce.and.v2i16(<2 x i16> %v2)
  %p2 = getelementptr i16, ptr addrspace(1) %o, i64 2
  store i16 %r2, ptr addrspace(1) %p2, align 2
  %r3 = call i16 @llvm.vector.reduce.or.v2i16(<2 x i16> %v2)
  %p3 = getelementptr i16, ptr addrspace(1) %o, i64 3
  store i16 %r3, ptr addrspace(1) %p3, align 2
  %r4 = call i16 @llvm.vector.reduce.xor.v2i16(<2 x i16> %v2)
  %p4 = getelementptr i16, ptr addrspace(1) %o, i64 4
  store i16 %r4, ptr addrspace(1) %p4, align 2
  %r5 = call i16 @llvm.vector.reduce.smax.v2i16(<2 x i16> %v2)
  %p5 = getelementptr i16, ptr addrspace(1) %o, i64 5
  store i16 %r5, ptr addrspace(1) %p5, align 2
  %r6 = call i16 @llvm.vector.reduce.smin.v2i16(<2 x i16> %v2)
  %p6 = getelementptr i16, ptr addrspace(1) %o, i64 6
  store i16 %r6, ptr addrspace(1) %p6, align 2
  %r7 = call i16 @llvm.vector.reduce.umax.v2i16(<2 x i16> %v2)
  %p7 = getelementptr i16, ptr addrspace(1) %o, i64 7
  store i16 %r7, ptr addrspace(1) %p7, align 2
  %r8 = call i16 @llvm.vector.reduce.umin.v2i16(<2 x i16> %v2)
  %p8 = getelementptr i16, ptr addrspace(1) %o, i64 8
  store i16 %r8, ptr addrspace(1) %p8, align 2
  %v3 = load <3 x i16>, ptr addrspace(1) %pin, align 2
  %r9 = call i16 @llvm.vector.reduce.mul.v3i16(<3 x i16> %v3)
  %p9 = getelementptr i16, ptr addrspace(1) %o, i64 9
  store i16 %r9, ptr addrspace(1) %p9, align 2
  %r10 = call i16 @llvm.vector.reduce.smin.v3i16(<3 x i16> %v3)
  %p10 = getelementptr i16, ptr addrspace(1) %o, i64 10
  store i16 %r10, ptr addrspace(1) %p10, align 2
  %r11 = call i16 @llvm.vector.reduce.umax.v3i16(<3 x i16> %v3)
  %p11 = getelementptr i16, ptr addrspace(1) %o, i64 11
  store i16 %r11, ptr addrspace(1) %p11, align 2
  %r12 = call i16 @llvm.vector.reduce.xor.v3i16(<3 x i16> %v3)
  %p12 = getelementptr i16, ptr addrspace(1) %o, i64 12
  store i16 %r12, ptr addrspace(1) %p12, align 2
  ret void
}

; 19 results per thread
define ptx_kernel void @red_i32(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %base = mul i64 %t64, 8
  %pin = getelementptr i32, ptr addrspace(1) %in, i64 %base
  %obase = mul i64 %t64, 19
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %obase
  %v8 = load <8 x i32>, ptr addrspace(1) %pin, align 4
  %r0 = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %v8)
  store i32 %r0, ptr addrspace(1) %o, align 4
  %r1 = call i32 @llvm.vector.reduce.mul.v8i32(<8 x i32> %v8)
  %p1 = getelementptr i32, ptr addrspace(1) %o, i64 1
  store i32 %r1, ptr addrspace(1) %p1, align 4
  %r2 = call i32 @llvm.vector.reduce.and.v8i32(<8 x i32> %v8)
  %p2 = getelementptr i32, ptr addrspace(1) %o, i64 2
  store i32 %r2, ptr addrspace(1) %p2, align 4
  %r3 = call i32 @llvm.vector.reduce.or.v8i32(<8 x i32> %v8)
  %p3 = getelementptr i32, ptr addrspace(1) %o, i64 3
  store i32 %r3, ptr addrspace(1) %p3, align 4
  %r4 = call i32 @llvm.vector.reduce.xor.v8i32(<8 x i32> %v8)
  %p4 = getelementptr i32, ptr addrspace(1) %o, i64 4
  store i32 %r4, ptr addrspace(1) %p4, align 4
  %r5 = call i32 @llvm.vector.reduce.smax.v8i32(<8 x i32> %v8)
  %p5 = getelementptr i32, ptr addrspace(1) %o, i64 5
  store i32 %r5, ptr addrspace(1) %p5, align 4
  %r6 = call i32 @llvm.vector.reduce.smin.v8i32(<8 x i32> %v8)
  %p6 = getelementptr i32, ptr addrspace(1) %o, i64 6
  store i32 %r6, ptr addrspace(1) %p6, align 4
  %r7 = call i32 @llvm.vector.reduce.umax.v8i32(<8 x i32> %v8)
  %p7 = getelementptr i32, ptr addrspace(1) %o, i64 7
  store i32 %r7, ptr addrspace(1) %p7, align 4
  %r8 = call i32 @llvm.vector.reduce.umin.v8i32(<8 x i32> %v8)
  %p8 = getelementptr i32, ptr addrspace(1) %o, i64 8
  store i32 %r8, ptr addrspace(1) %p8, align 4
  %v5 = load <5 x i32>, ptr addrspace(1) %pin, align 4
  %r9 = call i32 @llvm.vector.reduce.add.v5i32(<5 x i32> %v5)
  %p9 = getelementptr i32, ptr addrspace(1) %o, i64 9
  store i32 %r9, ptr addrspace(1) %p9, align 4
  %r10 = call i32 @llvm.vector.reduce.smax.v5i32(<5 x i32> %v5)
  %p10 = getelementptr i32, ptr addrspace(1) %o, i64 10
  store i32 %r10, ptr addrspace(1) %p10, align 4
  %r11 = call i32 @llvm.vector.reduce.umin.v5i32(<5 x i32> %v5)
  %p11 = getelementptr i32, ptr addrspace(1) %o, i64 11
  store i32 %r11, ptr addrspace(1) %p11, align 4
  %r12 = call i32 @llvm.vector.reduce.or.v5i32(<5 x i32> %v5)
  %p12 = getelementptr i32, ptr addrspace(1) %o, i64 12
  store i32 %r12, ptr addrspace(1) %p12, align 4
  %pos = icmp sgt <8 x i32> %v8, zeroinitializer
  %b13 = call i1 @llvm.vector.reduce.and.v8i1(<8 x i1> %pos)
  %r13 = zext i1 %b13 to i32
  %p13 = getelementptr i32, ptr addrspace(1) %o, i64 13
  store i32 %r13, ptr addrspace(1) %p13, align 4
  %b14 = call i1 @llvm.vector.reduce.or.v8i1(<8 x i1> %pos)
  %r14 = zext i1 %b14 to i32
  %p14 = getelementptr i32, ptr addrspace(1) %o, i64 14
  store i32 %r14, ptr addrspace(1) %p14, align 4
  %b15 = call i1 @llvm.vector.reduce.xor.v8i1(<8 x i1> %pos)
  %r15 = zext i1 %b15 to i32
  %p15 = getelementptr i32, ptr addrspace(1) %o, i64 15
  store i32 %r15, ptr addrspace(1) %p15, align 4
  %b16 = call i1 @llvm.vector.reduce.add.v8i1(<8 x i1> %pos)
  %r16 = zext i1 %b16 to i32
  %p16 = getelementptr i32, ptr addrspace(1) %o, i64 16
  store i32 %r16, ptr addrspace(1) %p16, align 4
  %b17 = call i1 @llvm.vector.reduce.smax.v8i1(<8 x i1> %pos)
  %r17 = zext i1 %b17 to i32
  %p17 = getelementptr i32, ptr addrspace(1) %o, i64 17
  store i32 %r17, ptr addrspace(1) %p17, align 4
  %b18 = call i1 @llvm.vector.reduce.umin.v8i1(<8 x i1> %pos)
  %r18 = zext i1 %b18 to i32
  %p18 = getelementptr i32, ptr addrspace(1) %o, i64 18
  store i32 %r18, ptr addrspace(1) %p18, align 4
  ret void
}

; 11 results per thread
define ptx_kernel void @red_i64(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %base = mul i64 %t64, 8
  %pin = getelementptr i64, ptr addrspace(1) %in, i64 %base
  %obase = mul i64 %t64, 11
  %o = getelementptr i64, ptr addrspace(1) %out, i64 %obase
  %v4 = load <4 x i64>, ptr addrspace(1) %pin, align 8
  %r0 = call i64 @llvm.vector.reduce.add.v4i64(<4 x i64> %v4)
  store i64 %r0, ptr addrspace(1) %o, align 8
  %r1 = call i64 @llvm.vector.reduce.mul.v4i64(<4 x i64> %v4)
  %p1 = getelementptr i64, ptr addrspace(1) %o, i64 1
  store i64 %r1, ptr addrspace(1) %p1, align 8
  %r2 = call i64 @llvm.vector.reduce.and.v4i64(<4 x i64> %v4)
  %p2 = getelementptr i64, ptr addrspace(1) %o, i64 2
  store i64 %r2, ptr addrspace(1) %p2, align 8
  %r3 = call i64 @llvm.vector.reduce.or.v4i64(<4 x i64> %v4)
  %p3 = getelementptr i64, ptr addrspace(1) %o, i64 3
  store i64 %r3, ptr addrspace(1) %p3, align 8
  %r4 = call i64 @llvm.vector.reduce.xor.v4i64(<4 x i64> %v4)
  %p4 = getelementptr i64, ptr addrspace(1) %o, i64 4
  store i64 %r4, ptr addrspace(1) %p4, align 8
  %r5 = call i64 @llvm.vector.reduce.smax.v4i64(<4 x i64> %v4)
  %p5 = getelementptr i64, ptr addrspace(1) %o, i64 5
  store i64 %r5, ptr addrspace(1) %p5, align 8
  %r6 = call i64 @llvm.vector.reduce.smin.v4i64(<4 x i64> %v4)
  %p6 = getelementptr i64, ptr addrspace(1) %o, i64 6
  store i64 %r6, ptr addrspace(1) %p6, align 8
  %r7 = call i64 @llvm.vector.reduce.umax.v4i64(<4 x i64> %v4)
  %p7 = getelementptr i64, ptr addrspace(1) %o, i64 7
  store i64 %r7, ptr addrspace(1) %p7, align 8
  %r8 = call i64 @llvm.vector.reduce.umin.v4i64(<4 x i64> %v4)
  %p8 = getelementptr i64, ptr addrspace(1) %o, i64 8
  store i64 %r8, ptr addrspace(1) %p8, align 8
  %v3 = load <3 x i64>, ptr addrspace(1) %pin, align 8
  %r9 = call i64 @llvm.vector.reduce.smin.v3i64(<3 x i64> %v3)
  %p9 = getelementptr i64, ptr addrspace(1) %o, i64 9
  store i64 %r9, ptr addrspace(1) %p9, align 8
  %r10 = call i64 @llvm.vector.reduce.umax.v3i64(<3 x i64> %v3)
  %p10 = getelementptr i64, ptr addrspace(1) %o, i64 10
  store i64 %r10, ptr addrspace(1) %p10, align 8
  ret void
}

; 9 results per thread
define ptx_kernel void @red_f16(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %base = mul i64 %t64, 8
  %pin = getelementptr half, ptr addrspace(1) %in, i64 %base
  %obase = mul i64 %t64, 9
  %o = getelementptr half, ptr addrspace(1) %out, i64 %obase
  %pstart = getelementptr half, ptr addrspace(1) %pin, i64 7
  %start = load half, ptr addrspace(1) %pstart, align 2
  %pstart2 = getelementptr half, ptr addrspace(1) %pin, i64 6
  %start2 = load half, ptr addrspace(1) %pstart2, align 2
  %v4 = load <4 x half>, ptr addrspace(1) %pin, align 2
  %r0 = call half @llvm.vector.reduce.fadd.v4f16(half %start, <4 x half> %v4)
  store half %r0, ptr addrspace(1) %o, align 2
  %v8 = load <8 x half>, ptr addrspace(1) %pin, align 2
  %r1 = call reassoc half @llvm.vector.reduce.fadd.v8f16(half %start2, <8 x half> %v8)
  %p1 = getelementptr half, ptr addrspace(1) %o, i64 1
  store half %r1, ptr addrspace(1) %p1, align 2
  %v3 = load <3 x half>, ptr addrspace(1) %pin, align 2
  %r2 = call reassoc half @llvm.vector.reduce.fadd.v3f16(half %start2, <3 x half> %v3)
  %p2 = getelementptr half, ptr addrspace(1) %o, i64 2
  store half %r2, ptr addrspace(1) %p2, align 2
  %r3 = call reassoc half @llvm.vector.reduce.fmul.v4f16(half %start2, <4 x half> %v4)
  %p3 = getelementptr half, ptr addrspace(1) %o, i64 3
  store half %r3, ptr addrspace(1) %p3, align 2
  %r4 = call half @llvm.vector.reduce.fmax.v8f16(<8 x half> %v8)
  %p4 = getelementptr half, ptr addrspace(1) %o, i64 4
  store half %r4, ptr addrspace(1) %p4, align 2
  %r5 = call half @llvm.vector.reduce.fmin.v4f16(<4 x half> %v4)
  %p5 = getelementptr half, ptr addrspace(1) %o, i64 5
  store half %r5, ptr addrspace(1) %p5, align 2
  %r6 = call half @llvm.vector.reduce.fmaximum.v4f16(<4 x half> %v4)
  %p6 = getelementptr half, ptr addrspace(1) %o, i64 6
  store half %r6, ptr addrspace(1) %p6, align 2
  %r7 = call half @llvm.vector.reduce.fminimum.v8f16(<8 x half> %v8)
  %p7 = getelementptr half, ptr addrspace(1) %o, i64 7
  store half %r7, ptr addrspace(1) %p7, align 2
  %r8 = call half @llvm.vector.reduce.fmul.v3f16(half %start, <3 x half> %v3)
  %p8 = getelementptr half, ptr addrspace(1) %o, i64 8
  store half %r8, ptr addrspace(1) %p8, align 2
  ret void
}

; 14 results per thread
define ptx_kernel void @red_f32(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %base = mul i64 %t64, 8
  %pin = getelementptr float, ptr addrspace(1) %in, i64 %base
  %obase = mul i64 %t64, 14
  %o = getelementptr float, ptr addrspace(1) %out, i64 %obase
  %pstart = getelementptr float, ptr addrspace(1) %pin, i64 7
  %start = load float, ptr addrspace(1) %pstart, align 4
  %pstart2 = getelementptr float, ptr addrspace(1) %pin, i64 6
  %start2 = load float, ptr addrspace(1) %pstart2, align 4
  %v8 = load <8 x float>, ptr addrspace(1) %pin, align 4
  %r0 = call float @llvm.vector.reduce.fadd.v8f32(float %start, <8 x float> %v8)
  store float %r0, ptr addrspace(1) %o, align 4
  %r1 = call reassoc float @llvm.vector.reduce.fadd.v8f32(float %start2, <8 x float> %v8)
  %p1 = getelementptr float, ptr addrspace(1) %o, i64 1
  store float %r1, ptr addrspace(1) %p1, align 4
  %v3 = load <3 x float>, ptr addrspace(1) %pin, align 4
  %r2 = call reassoc float @llvm.vector.reduce.fadd.v3f32(float %start2, <3 x float> %v3)
  %p2 = getelementptr float, ptr addrspace(1) %o, i64 2
  store float %r2, ptr addrspace(1) %p2, align 4
  %v5 = load <5 x float>, ptr addrspace(1) %pin, align 4
  %r3 = call reassoc float @llvm.vector.reduce.fadd.v5f32(float %start2, <5 x float> %v5)
  %p3 = getelementptr float, ptr addrspace(1) %o, i64 3
  store float %r3, ptr addrspace(1) %p3, align 4
  %r4 = call float @llvm.vector.reduce.fmul.v5f32(float %start, <5 x float> %v5)
  %p4 = getelementptr float, ptr addrspace(1) %o, i64 4
  store float %r4, ptr addrspace(1) %p4, align 4
  %r5 = call reassoc float @llvm.vector.reduce.fmul.v8f32(float %start2, <8 x float> %v8)
  %p5 = getelementptr float, ptr addrspace(1) %o, i64 5
  store float %r5, ptr addrspace(1) %p5, align 4
  %r6 = call float @llvm.vector.reduce.fmax.v8f32(<8 x float> %v8)
  %p6 = getelementptr float, ptr addrspace(1) %o, i64 6
  store float %r6, ptr addrspace(1) %p6, align 4
  %r7 = call float @llvm.vector.reduce.fmin.v5f32(<5 x float> %v5)
  %p7 = getelementptr float, ptr addrspace(1) %o, i64 7
  store float %r7, ptr addrspace(1) %p7, align 4
  %r8 = call float @llvm.vector.reduce.fmaximum.v8f32(<8 x float> %v8)
  %p8 = getelementptr float, ptr addrspace(1) %o, i64 8
  store float %r8, ptr addrspace(1) %p8, align 4
  %r9 = call float @llvm.vector.reduce.fminimum.v3f32(<3 x float> %v3)
  %p9 = getelementptr float, ptr addrspace(1) %o, i64 9
  store float %r9, ptr addrspace(1) %p9, align 4
  %r10 = call nnan float @llvm.vector.reduce.fadd.v3f32(float %start, <3 x float> %v3)
  %p10 = getelementptr float, ptr addrspace(1) %o, i64 10
  store float %r10, ptr addrspace(1) %p10, align 4
  %r11 = call nnan float @llvm.vector.reduce.fmax.v8f32(<8 x float> %v8)
  %p11 = getelementptr float, ptr addrspace(1) %o, i64 11
  store float %r11, ptr addrspace(1) %p11, align 4
  %v7 = load <7 x float>, ptr addrspace(1) %pin, align 4
  %r12 = call reassoc nsz float @llvm.vector.reduce.fadd.v7f32(float %start2, <7 x float> %v7)
  %p12 = getelementptr float, ptr addrspace(1) %o, i64 12
  store float %r12, ptr addrspace(1) %p12, align 4
  %v6 = load <6 x float>, ptr addrspace(1) %pin, align 4
  %r13 = call float @llvm.vector.reduce.fminimum.v6f32(<6 x float> %v6)
  %p13 = getelementptr float, ptr addrspace(1) %o, i64 13
  store float %r13, ptr addrspace(1) %p13, align 4
  ret void
}

; 8 results per thread
define ptx_kernel void @red_f64(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %base = mul i64 %t64, 8
  %pin = getelementptr double, ptr addrspace(1) %in, i64 %base
  %obase = mul i64 %t64, 8
  %o = getelementptr double, ptr addrspace(1) %out, i64 %obase
  %pstart = getelementptr double, ptr addrspace(1) %pin, i64 7
  %start = load double, ptr addrspace(1) %pstart, align 8
  %pstart2 = getelementptr double, ptr addrspace(1) %pin, i64 6
  %start2 = load double, ptr addrspace(1) %pstart2, align 8
  %v4 = load <4 x double>, ptr addrspace(1) %pin, align 8
  %r0 = call double @llvm.vector.reduce.fadd.v4f64(double %start, <4 x double> %v4)
  store double %r0, ptr addrspace(1) %o, align 8
  %r1 = call reassoc double @llvm.vector.reduce.fadd.v4f64(double %start2, <4 x double> %v4)
  %p1 = getelementptr double, ptr addrspace(1) %o, i64 1
  store double %r1, ptr addrspace(1) %p1, align 8
  %v3 = load <3 x double>, ptr addrspace(1) %pin, align 8
  %r2 = call reassoc double @llvm.vector.reduce.fadd.v3f64(double %start2, <3 x double> %v3)
  %p2 = getelementptr double, ptr addrspace(1) %o, i64 2
  store double %r2, ptr addrspace(1) %p2, align 8
  %r3 = call reassoc double @llvm.vector.reduce.fmul.v4f64(double %start2, <4 x double> %v4)
  %p3 = getelementptr double, ptr addrspace(1) %o, i64 3
  store double %r3, ptr addrspace(1) %p3, align 8
  %r4 = call double @llvm.vector.reduce.fmax.v4f64(<4 x double> %v4)
  %p4 = getelementptr double, ptr addrspace(1) %o, i64 4
  store double %r4, ptr addrspace(1) %p4, align 8
  %r5 = call double @llvm.vector.reduce.fmin.v3f64(<3 x double> %v3)
  %p5 = getelementptr double, ptr addrspace(1) %o, i64 5
  store double %r5, ptr addrspace(1) %p5, align 8
  %r6 = call double @llvm.vector.reduce.fmaximum.v4f64(<4 x double> %v4)
  %p6 = getelementptr double, ptr addrspace(1) %o, i64 6
  store double %r6, ptr addrspace(1) %p6, align 8
  %r7 = call double @llvm.vector.reduce.fminimum.v4f64(<4 x double> %v4)
  %p7 = getelementptr double, ptr addrspace(1) %o, i64 7
  store double %r7, ptr addrspace(1) %p7, align 8
  ret void
}

declare double @llvm.vector.reduce.fadd.v3f64(double, <3 x double>)
declare double @llvm.vector.reduce.fadd.v4f64(double, <4 x double>)
declare double @llvm.vector.reduce.fmax.v4f64(<4 x double>)
declare double @llvm.vector.reduce.fmaximum.v4f64(<4 x double>)
declare double @llvm.vector.reduce.fmin.v3f64(<3 x double>)
declare double @llvm.vector.reduce.fminimum.v4f64(<4 x double>)
declare double @llvm.vector.reduce.fmul.v4f64(double, <4 x double>)
declare float @llvm.vector.reduce.fadd.v3f32(float, <3 x float>)
declare float @llvm.vector.reduce.fadd.v5f32(float, <5 x float>)
declare float @llvm.vector.reduce.fadd.v7f32(float, <7 x float>)
declare float @llvm.vector.reduce.fadd.v8f32(float, <8 x float>)
declare float @llvm.vector.reduce.fmax.v8f32(<8 x float>)
declare float @llvm.vector.reduce.fmaximum.v8f32(<8 x float>)
declare float @llvm.vector.reduce.fmin.v5f32(<5 x float>)
declare float @llvm.vector.reduce.fminimum.v3f32(<3 x float>)
declare float @llvm.vector.reduce.fminimum.v6f32(<6 x float>)
declare float @llvm.vector.reduce.fmul.v5f32(float, <5 x float>)
declare float @llvm.vector.reduce.fmul.v8f32(float, <8 x float>)
declare half @llvm.vector.reduce.fadd.v3f16(half, <3 x half>)
declare half @llvm.vector.reduce.fadd.v4f16(half, <4 x half>)
declare half @llvm.vector.reduce.fadd.v8f16(half, <8 x half>)
declare half @llvm.vector.reduce.fmax.v8f16(<8 x half>)
declare half @llvm.vector.reduce.fmaximum.v4f16(<4 x half>)
declare half @llvm.vector.reduce.fmin.v4f16(<4 x half>)
declare half @llvm.vector.reduce.fminimum.v8f16(<8 x half>)
declare half @llvm.vector.reduce.fmul.v3f16(half, <3 x half>)
declare half @llvm.vector.reduce.fmul.v4f16(half, <4 x half>)
declare i1 @llvm.vector.reduce.add.v8i1(<8 x i1>)
declare i1 @llvm.vector.reduce.and.v8i1(<8 x i1>)
declare i1 @llvm.vector.reduce.or.v8i1(<8 x i1>)
declare i1 @llvm.vector.reduce.smax.v8i1(<8 x i1>)
declare i1 @llvm.vector.reduce.umin.v8i1(<8 x i1>)
declare i1 @llvm.vector.reduce.xor.v8i1(<8 x i1>)
declare i16 @llvm.vector.reduce.add.v2i16(<2 x i16>)
declare i16 @llvm.vector.reduce.and.v2i16(<2 x i16>)
declare i16 @llvm.vector.reduce.mul.v2i16(<2 x i16>)
declare i16 @llvm.vector.reduce.mul.v3i16(<3 x i16>)
declare i16 @llvm.vector.reduce.or.v2i16(<2 x i16>)
declare i16 @llvm.vector.reduce.smax.v2i16(<2 x i16>)
declare i16 @llvm.vector.reduce.smin.v2i16(<2 x i16>)
declare i16 @llvm.vector.reduce.smin.v3i16(<3 x i16>)
declare i16 @llvm.vector.reduce.umax.v2i16(<2 x i16>)
declare i16 @llvm.vector.reduce.umax.v3i16(<3 x i16>)
declare i16 @llvm.vector.reduce.umin.v2i16(<2 x i16>)
declare i16 @llvm.vector.reduce.xor.v2i16(<2 x i16>)
declare i16 @llvm.vector.reduce.xor.v3i16(<3 x i16>)
declare i32 @llvm.vector.reduce.add.v5i32(<5 x i32>)
declare i32 @llvm.vector.reduce.add.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.and.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.mul.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.or.v5i32(<5 x i32>)
declare i32 @llvm.vector.reduce.or.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.smax.v5i32(<5 x i32>)
declare i32 @llvm.vector.reduce.smax.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.smin.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.umax.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.umin.v5i32(<5 x i32>)
declare i32 @llvm.vector.reduce.umin.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.xor.v8i32(<8 x i32>)
declare i64 @llvm.vector.reduce.add.v4i64(<4 x i64>)
declare i64 @llvm.vector.reduce.and.v4i64(<4 x i64>)
declare i64 @llvm.vector.reduce.mul.v4i64(<4 x i64>)
declare i64 @llvm.vector.reduce.or.v4i64(<4 x i64>)
declare i64 @llvm.vector.reduce.smax.v4i64(<4 x i64>)
declare i64 @llvm.vector.reduce.smin.v3i64(<3 x i64>)
declare i64 @llvm.vector.reduce.smin.v4i64(<4 x i64>)
declare i64 @llvm.vector.reduce.umax.v3i64(<3 x i64>)
declare i64 @llvm.vector.reduce.umax.v4i64(<4 x i64>)
declare i64 @llvm.vector.reduce.umin.v4i64(<4 x i64>)
declare i64 @llvm.vector.reduce.xor.v4i64(<4 x i64>)
declare i8 @llvm.vector.reduce.add.v4i8(<4 x i8>)
declare i8 @llvm.vector.reduce.add.v8i8(<8 x i8>)
declare i8 @llvm.vector.reduce.and.v4i8(<4 x i8>)
declare i8 @llvm.vector.reduce.mul.v4i8(<4 x i8>)
declare i8 @llvm.vector.reduce.or.v4i8(<4 x i8>)
declare i8 @llvm.vector.reduce.smax.v4i8(<4 x i8>)
declare i8 @llvm.vector.reduce.smin.v4i8(<4 x i8>)
declare i8 @llvm.vector.reduce.smin.v8i8(<8 x i8>)
declare i8 @llvm.vector.reduce.umax.v4i8(<4 x i8>)
declare i8 @llvm.vector.reduce.umax.v8i8(<8 x i8>)
declare i8 @llvm.vector.reduce.umin.v4i8(<4 x i8>)
declare i8 @llvm.vector.reduce.xor.v4i8(<4 x i8>)
