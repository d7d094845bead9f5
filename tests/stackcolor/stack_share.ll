; isel's `stack-coloring` with its share limit (`stack-coloring-max-share`, default 2): three local arrays whose
; lifetimes (llvm.lifetime.start/end) come one after another could all share one 32-byte slot, but a slot holds
; at most two of them, so the depot is 64 bytes (32 without the limit, 96 without the rule). Each thread g fills
; a[k] = g * k + 1 and reads a[(g + 3) & 7] and a[(g + 5) & 7]; then b[k] = g + 7 k, read at (g + 1) & 7 and
; g & 7; then c[k] = g ^ k, read at (g + 2) & 7; out[g] is the sum (the image of stack_color.ll).
; crates/simtc/tests/stack_coloring.rs runs it in the emulator against the value computed in Rust.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @stack_share(ptr addrspace(1) noalias %out) {
entry:
  %a = alloca [8 x i32], align 4
  %b = alloca [8 x i32], align 4
  %c = alloca [8 x i32], align 4
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bk = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bn = mul nuw nsw i32 %bk, %nt
  %g = add nuw nsw i32 %bn, %t
  call void @llvm.lifetime.start.p0(i64 32, ptr %a)
  br label %fill_a

fill_a:
  %k = phi i32 [ 0, %entry ], [ %k1, %fill_a ]
  %gk = mul i32 %g, %k
  %v = add i32 %gk, 1
  %kw = zext i32 %k to i64
  %pa = getelementptr inbounds [8 x i32], ptr %a, i64 0, i64 %kw
  store volatile i32 %v, ptr %pa, align 4
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k1, 8
  br i1 %more, label %fill_a, label %read_a

read_a:
  %i3 = add i32 %g, 3
  %m3 = and i32 %i3, 7
  %w3 = zext i32 %m3 to i64
  %q3 = getelementptr inbounds [8 x i32], ptr %a, i64 0, i64 %w3
  %x3 = load volatile i32, ptr %q3, align 4
  %i5 = add i32 %g, 5
  %m5 = and i32 %i5, 7
  %w5 = zext i32 %m5 to i64
  %q5 = getelementptr inbounds [8 x i32], ptr %a, i64 0, i64 %w5
  %x5 = load volatile i32, ptr %q5, align 4
  %sa = add i32 %x3, %x5
  call void @llvm.lifetime.end.p0(i64 32, ptr %a)
  call void @llvm.lifetime.start.p0(i64 32, ptr %b)
  br label %fill_b

fill_b:
  %j = phi i32 [ 0, %read_a ], [ %j1, %fill_b ]
  %j7 = mul i32 %j, 7
  %u = add i32 %g, %j7
  %jw = zext i32 %j to i64
  %pb = getelementptr inbounds [8 x i32], ptr %b, i64 0, i64 %jw
  store volatile i32 %u, ptr %pb, align 4
  %j1 = add nuw nsw i32 %j, 1
  %more2 = icmp ult i32 %j1, 8
  br i1 %more2, label %fill_b, label %read_b

read_b:
  %i1 = add i32 %g, 1
  %m1 = and i32 %i1, 7
  %w1 = zext i32 %m1 to i64
  %r1 = getelementptr inbounds [8 x i32], ptr %b, i64 0, i64 %w1
  %y1 = load volatile i32, ptr %r1, align 4
  %m0 = and i32 %g, 7
  %w0 = zext i32 %m0 to i64
  %r0 = getelementptr inbounds [8 x i32], ptr %b, i64 0, i64 %w0
  %y0 = load volatile i32, ptr %r0, align 4
  call void @llvm.lifetime.end.p0(i64 32, ptr %b)
  call void @llvm.lifetime.start.p0(i64 32, ptr %c)
  br label %fill_c

fill_c:
  %h = phi i32 [ 0, %read_b ], [ %h1, %fill_c ]
  %hw = zext i32 %h to i64
  %gx = xor i32 %g, %h
  %pc = getelementptr inbounds [8 x i32], ptr %c, i64 0, i64 %hw
  store volatile i32 %gx, ptr %pc, align 4
  %h1 = add nuw nsw i32 %h, 1
  %more3 = icmp ult i32 %h1, 8
  br i1 %more3, label %fill_c, label %read_c

read_c:
  %i2 = add i32 %g, 2
  %m2 = and i32 %i2, 7
  %w2 = zext i32 %m2 to i64
  %r2 = getelementptr inbounds [8 x i32], ptr %c, i64 0, i64 %w2
  %y2 = load volatile i32, ptr %r2, align 4
  call void @llvm.lifetime.end.p0(i64 32, ptr %c)
  %s1 = add i32 %sa, %y1
  %s2 = add i32 %s1, %y2
  %s3 = add i32 %s2, %y0
  %gw = zext i32 %g to i64
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gw
  store i32 %s3, ptr addrspace(1) %po, align 4
  ret void
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
