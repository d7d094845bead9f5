; memset/memcpy/memmove of large constant and run-time lengths, for crates/simtc/tests/memops.rs (which computes
; every output in Rust and runs simtc's and llc-19's PTX in the emulator). Everything above 128 bytes or with a
; run-time length goes through simtc's lower-mem-intrinsics loops.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [32768 x i8] undef, align 16
@win = internal addrspace(3) global [8192 x i8] undef, align 8

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare void @llvm.memset.p1.i64(ptr addrspace(1), i8, i64, i1)
declare void @llvm.memset.p1.i32(ptr addrspace(1), i8, i32, i1)
declare void @llvm.memset.p3.i64(ptr addrspace(3), i8, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memcpy.p1.p3.i64(ptr addrspace(1), ptr addrspace(3), i64, i1)
declare void @llvm.memcpy.p1.p0.i64(ptr addrspace(1), ptr, i64, i1)
declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
declare void @llvm.memcpy.p1.p1.i32(ptr addrspace(1), ptr addrspace(1), i32, i1)
declare void @llvm.memmove.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
declare void @llvm.memmove.p0.p0.i32(ptr, ptr, i32, i1)
declare void @llvm.memmove.p3.p1.i64(ptr addrspace(3), ptr addrspace(1), i64, i1)
declare void @llvm.memmove.p1.p3.i64(ptr addrspace(1), ptr addrspace(3), i64, i1)

; Thread t owns g[6016t ..] and h[6016t ..] (6016 bytes each): 6000 bytes of (v + t) go to g at align 16 (750
; b64 stores), 6003 bytes of 0x5A to h from +4 at align 4 (1500 b32 stores and a residual of 2 + 1 bytes).
define ptx_kernel void @memset_big(ptr addrspace(1) %g, ptr addrspace(1) %h, i8 %v) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %off = mul i64 %t64, 6016
  %p = getelementptr i8, ptr addrspace(1) %g, i64 %off
  %t8 = trunc i32 %t to i8
  %b = add i8 %v, %t8
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 16 %p, i8 %b, i64 6000, i1 false)
  %hq = getelementptr i8, ptr addrspace(1) %h, i64 %off
  %hp = getelementptr i8, ptr addrspace(1) %hq, i64 4
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 4 %hp, i8 90, i64 6003, i1 false)
  ret void
}

; Thread 0 sets all 32768 bytes of shared memory to v; after a barrier every thread copies its 256-byte slice to
; out (memcpy shared -> global above the threshold) and thread 0 copies the whole 32768 bytes to all.
define ptx_kernel void @memset_shared(ptr addrspace(1) %out, ptr addrspace(1) %all, i8 %v) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %set, label %sync

set:
  call void @llvm.memset.p3.i64(ptr addrspace(3) align 16 @sh, i8 %v, i64 32768, i1 false)
  br label %sync

sync:
  call void @llvm.nvvm.barrier0()
  %t64 = zext i32 %t to i64
  %off = mul i64 %t64, 256
  %src = getelementptr i8, ptr addrspace(3) @sh, i64 %off
  %dst = getelementptr i8, ptr addrspace(1) %out, i64 %off
  call void @llvm.memcpy.p1.p3.i64(ptr addrspace(1) align 16 %dst, ptr addrspace(3) align 16 %src, i64 256, i1 false)
  br i1 %first, label %whole, label %done

whole:
  call void @llvm.memcpy.p1.p3.i64(ptr addrspace(1) align 8 %all, ptr addrspace(3) align 16 @sh, i64 32768, i1 false)
  br label %done

done:
  ret void
}

; A 6000-byte local array per thread: set to (v + t), its bytes 8..13 set to 0 (unrolled by isel), then copied
; to out[6000t ..] (memcpy local -> global).
define ptx_kernel void @memset_local(ptr addrspace(1) %out, i8 %v) {
entry:
  %buf = alloca [6000 x i8], align 8
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t8 = trunc i32 %t to i8
  %b = add i8 %v, %t8
  call void @llvm.memset.p0.i64(ptr align 8 %buf, i8 %b, i64 6000, i1 false)
  %mid = getelementptr i8, ptr %buf, i64 8
  call void @llvm.memset.p0.i64(ptr align 8 %mid, i8 0, i64 6, i1 false)
  %t64 = zext i32 %t to i64
  %off = mul i64 %t64, 6000
  %dst = getelementptr i8, ptr addrspace(1) %out, i64 %off
  call void @llvm.memcpy.p1.p0.i64(ptr addrspace(1) align 8 %dst, ptr align 8 %buf, i64 6000, i1 false)
  ret void
}

; Run-time lengths: thread t reads n = lens[t] (0 <= n <= 256) and works in its 512-byte regions:
; set[512t ..] gets n bytes of v at align 8 (i64 length) and, from +257, n/2 bytes of (v ^ 0xFF) at align 1
; (i32 length); cpy[512t ..] gets n bytes of src[512t ..] at align 4 and, from +259, n - n/4 bytes of
; src[512t + 261 ..] at align 1 (i32 length).
define ptx_kernel void @runtime_len(ptr addrspace(1) %set, ptr addrspace(1) %cpy, ptr addrspace(1) %src,
                                    ptr addrspace(1) %lens, i8 %v) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %pl = getelementptr i64, ptr addrspace(1) %lens, i64 %t64
  %n = load i64, ptr addrspace(1) %pl, align 8
  %off = mul i64 %t64, 512
  %s0 = getelementptr i8, ptr addrspace(1) %set, i64 %off
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 8 %s0, i8 %v, i64 %n, i1 false)
  %s1 = getelementptr i8, ptr addrspace(1) %s0, i64 257
  %n32 = trunc i64 %n to i32
  %half = lshr i32 %n32, 1
  %nv = xor i8 %v, -1
  call void @llvm.memset.p1.i32(ptr addrspace(1) align 1 %s1, i8 %nv, i32 %half, i1 false)
  %c0 = getelementptr i8, ptr addrspace(1) %cpy, i64 %off
  %r0 = getelementptr i8, ptr addrspace(1) %src, i64 %off
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %c0, ptr addrspace(1) align 4 %r0, i64 %n, i1 false)
  %c1 = getelementptr i8, ptr addrspace(1) %c0, i64 259
  %r1 = getelementptr i8, ptr addrspace(1) %r0, i64 261
  %quarter = lshr i32 %n32, 2
  %m = sub i32 %n32, %quarter
  call void @llvm.memcpy.p1.p1.i32(ptr addrspace(1) align 1 %c1, ptr addrspace(1) align 1 %r1, i32 %m, i1 false)
  ret void
}

; Overlapping memmove, both directions: thread t reads (d, s, n) = mv[3t .. 3t + 3] and moves n bytes from
; buf[1024t + s] to buf[1024t + d] through generic pointers at align 1 (i32 length), and n bytes from
; wide[1024t + 8s] to wide[1024t + 8d] at align 8 (i64 length: b64 units and a byte residual).
define ptx_kernel void @memmove_rt(ptr addrspace(1) %buf, ptr addrspace(1) %wide, ptr addrspace(1) %mv) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %i = mul i64 %t64, 3
  %pd = getelementptr i32, ptr addrspace(1) %mv, i64 %i
  %d = load i32, ptr addrspace(1) %pd, align 4
  %ps = getelementptr i32, ptr addrspace(1) %pd, i64 1
  %s = load i32, ptr addrspace(1) %ps, align 4
  %pn = getelementptr i32, ptr addrspace(1) %pd, i64 2
  %n = load i32, ptr addrspace(1) %pn, align 4
  %off = mul i64 %t64, 1024
  %region = getelementptr i8, ptr addrspace(1) %buf, i64 %off
  %gen = addrspacecast ptr addrspace(1) %region to ptr
  %d64 = zext i32 %d to i64
  %s64 = zext i32 %s to i64
  %to = getelementptr i8, ptr %gen, i64 %d64
  %from = getelementptr i8, ptr %gen, i64 %s64
  call void @llvm.memmove.p0.p0.i32(ptr align 1 %to, ptr align 1 %from, i32 %n, i1 false)
  %wregion = getelementptr i8, ptr addrspace(1) %wide, i64 %off
  %d8 = shl i64 %d64, 3
  %s8 = shl i64 %s64, 3
  %wto = getelementptr i8, ptr addrspace(1) %wregion, i64 %d8
  %wfrom = getelementptr i8, ptr addrspace(1) %wregion, i64 %s8
  %n64 = zext i32 %n to i64
  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) align 8 %wto, ptr addrspace(1) align 8 %wfrom, i64 %n64, i1 false)
  ret void
}

; memmove between address spaces (llc-19 drops these calls, so the test checks only simtc's PTX): thread t moves
; n = lens[t] bytes of g[256t ..] into its 256-byte window of shared memory, and after a barrier the window
; back to out[256t ..].
define ptx_kernel void @memmove_spaces(ptr addrspace(1) %g, ptr addrspace(1) %out, ptr addrspace(1) %lens) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %pl = getelementptr i64, ptr addrspace(1) %lens, i64 %t64
  %n = load i64, ptr addrspace(1) %pl, align 8
  %off = mul i64 %t64, 256
  %w = getelementptr i8, ptr addrspace(3) @win, i64 %off
  %src = getelementptr i8, ptr addrspace(1) %g, i64 %off
  call void @llvm.memmove.p3.p1.i64(ptr addrspace(3) align 8 %w, ptr addrspace(1) align 8 %src, i64 %n, i1 false)
  call void @llvm.nvvm.barrier0()
  %dst = getelementptr i8, ptr addrspace(1) %out, i64 %off
  call void @llvm.memmove.p1.p3.i64(ptr addrspace(1) align 8 %dst, ptr addrspace(3) align 8 %w, i64 %n, i1 false)
  ret void
}
