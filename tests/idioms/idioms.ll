; Integer idioms that instruction selection and the MIR peepholes rewrite (crates/simtc/tests/idioms.rs): signed
; division by 2, products of an incremented factor (with and without a sibling product), 64-bit products of
; extended 32-bit values, in-register sign/zero extensions and a signed field, a counter that only counts (lsr
; counts it down), a loop over a per-thread slice with a uniform trip count (lsr's uniform counter), and a
; small memset of a variable byte.
; Thread gid writes 16 words out[16*gid ..].

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.memset.p1.i64(ptr addrspace(1), i8, i64, i1)

define ptx_kernel void @idioms(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cb = mul i32 %c, %nt
  %gid = add i32 %cb, %t
  %x = mul i32 %gid, -1640531535
  %base = mul i32 %gid, 16
  %base64 = zext i32 %base to i64
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %base64
  ; 0: x / 2
  %d2 = sdiv i32 %x, 2
  store i32 %d2, ptr addrspace(1) %o, align 4
  ; 1: (x + 1) * n, no product x * n
  %x1 = add i32 %x, 1
  %m1 = mul i32 %x1, %n
  %o1 = getelementptr i32, ptr addrspace(1) %o, i64 1
  store i32 %m1, ptr addrspace(1) %o1, align 4
  ; 2, 3, 4: gid * n, (gid + 3) * n, (gid - 1) * n
  %p = mul i32 %gid, %n
  %g3 = add i32 %gid, 3
  %m3 = mul i32 %g3, %n
  %gm = add i32 %gid, -1
  %mm = mul i32 %n, %gm
  %o2 = getelementptr i32, ptr addrspace(1) %o, i64 2
  store i32 %p, ptr addrspace(1) %o2, align 4
  %o3 = getelementptr i32, ptr addrspace(1) %o, i64 3
  store i32 %m3, ptr addrspace(1) %o3, align 4
  %o4 = getelementptr i32, ptr addrspace(1) %o, i64 4
  store i32 %mm, ptr addrspace(1) %o4, align 4
  ; 5-6: zext(x) * zext(gid) as i64; 7-8: sext(x) * sext(n - 100) as i64
  %zx = zext i32 %x to i64
  %zg = zext i32 %gid to i64
  %uw = mul i64 %zx, %zg
  %o5 = getelementptr i32, ptr addrspace(1) %o, i64 5
  store i64 %uw, ptr addrspace(1) %o5, align 4
  %nm = add i32 %n, -100
  %sx = sext i32 %x to i64
  %sn = sext i32 %nm to i64
  %sw = mul i64 %sx, %sn
  %o7 = getelementptr i32, ptr addrspace(1) %o, i64 7
  store i64 %sw, ptr addrspace(1) %o7, align 4
  ; 9: (x << 24) >>s 24; 10: (x << 16) >>s 24; 11: ((x / 2) << 24) >>u 24; 12: low word of (X << 32) >>s 32 for a
  ; 64-bit X, 13: its high word
  %s9 = shl i32 %x, 24
  %e9 = ashr i32 %s9, 24
  %o9 = getelementptr i32, ptr addrspace(1) %o, i64 9
  store i32 %e9, ptr addrspace(1) %o9, align 4
  %s10 = shl i32 %x, 16
  %e10 = ashr i32 %s10, 24
  %o10 = getelementptr i32, ptr addrspace(1) %o, i64 10
  store i32 %e10, ptr addrspace(1) %o10, align 4
  %s11 = shl i32 %d2, 24
  %e11 = lshr i32 %s11, 24
  %o11 = getelementptr i32, ptr addrspace(1) %o, i64 11
  store i32 %e11, ptr addrspace(1) %o11, align 4
  %hi = shl i64 %zg, 40
  %wx = or i64 %hi, %zx
  %s12 = shl i64 %wx, 32
  %e12 = ashr i64 %s12, 32
  %o12 = getelementptr i32, ptr addrspace(1) %o, i64 12
  store i64 %e12, ptr addrspace(1) %o12, align 4
  ; bytes 1-3 of word 13: a small memset of a variable byte at align 1 (byte stores of the byte itself)
  %byte = trunc i32 %x to i8
  %o13 = getelementptr i8, ptr addrspace(1) %o, i64 53
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 1 %o13, i8 %byte, i64 3, i1 false)
  %m = add i32 %n, 5
  br label %count

count:
  ; 14: acc = acc * 3 + 1, n + 5 times (the counter only counts)
  %k = phi i32 [ 0, %entry ], [ %k.next, %count ]
  %acc = phi i32 [ %x, %entry ], [ %acc.next, %count ]
  %a3 = mul i32 %acc, 3
  %acc.next = add i32 %a3, 1
  %k.next = add nuw nsw i32 %k, 1
  %kd = icmp eq i32 %k.next, %m
  br i1 %kd, label %guard, label %count

guard:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %slice.pre, label %done

slice.pre:
  %start = mul i32 %gid, %n
  %end = add i32 %n, %start
  br label %slice

slice:
  ; 15: the sum of (j & 5) over j in [gid * n, gid * n + n)
  %j = phi i32 [ %start, %slice.pre ], [ %j.next, %slice ]
  %s = phi i32 [ 0, %slice.pre ], [ %s.next, %slice ]
  %b = and i32 %j, 5
  %s.next = add i32 %s, %b
  %j.next = add nsw i32 %j, 1
  %jd = icmp eq i32 %j.next, %end
  br i1 %jd, label %done, label %slice

done:
  %r14 = phi i32 [ %acc.next, %guard ], [ %acc.next, %slice ]
  %r15 = phi i32 [ 0, %guard ], [ %s.next, %slice ]
  %o14 = getelementptr i32, ptr addrspace(1) %o, i64 14
  store i32 %r14, ptr addrspace(1) %o14, align 4
  %o15 = getelementptr i32, ptr addrspace(1) %o, i64 15
  store i32 %r15, ptr addrspace(1) %o15, align 4
  ret void
}
