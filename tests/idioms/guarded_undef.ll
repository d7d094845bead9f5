; Guarded reads left undefined where the guard fails (what clang emits for `float x[4]; if (i + 64k < n) x[k] =
; in[i + 64k];` in an unrolled loop): thread i of a block of 64 handles the points i + 64k, k = 0..3, of its block's
; 256, counts c_k = sum of j over the 8 table entries tbl[j] < x_k (signed), and writes out[i + 64k] = c_k under the
; same guards (n = 300: block 1's last points are outside). Each read's phi takes `undef` from the path that skips
; it: at -O3 no select or copy stands for that value (the predicated load's register is the phi's value).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @guarded_undef(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias readonly %tbl, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %ctaid, 8
  %i0 = or disjoint i32 %base, %tid
  %g0 = icmp slt i32 %i0, %n
  br i1 %g0, label %rd0, label %exit
rd0:
  %e0 = sext i32 %i0 to i64
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %e0
  %x0 = load i32, ptr addrspace(1) %p0, align 4
  %i1 = add nsw i32 %i0, 64
  %g1 = icmp slt i32 %i1, %n
  br i1 %g1, label %rd1, label %j1
rd1:
  %e1 = sext i32 %i1 to i64
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %e1
  %l1 = load i32, ptr addrspace(1) %p1, align 4
  br label %j1
j1:
  %x1 = phi i32 [ %l1, %rd1 ], [ undef, %rd0 ]
  %i2 = add nsw i32 %i0, 128
  %g2 = icmp slt i32 %i2, %n
  br i1 %g2, label %rd2, label %j2
rd2:
  %e2 = sext i32 %i2 to i64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %e2
  %l2 = load i32, ptr addrspace(1) %p2, align 4
  br label %j2
j2:
  %x2 = phi i32 [ %l2, %rd2 ], [ undef, %j1 ]
  %i3 = add nsw i32 %i0, 192
  %g3 = icmp slt i32 %i3, %n
  br i1 %g3, label %rd3, label %j3
rd3:
  %e3 = sext i32 %i3 to i64
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %e3
  %l3 = load i32, ptr addrspace(1) %p3, align 4
  br label %j3
j3:
  %x3 = phi i32 [ %l3, %rd3 ], [ undef, %j2 ]
  br label %loop
loop:
  %j = phi i32 [ 0, %j3 ], [ %jn, %loop ]
  %c0 = phi i32 [ 0, %j3 ], [ %cn0, %loop ]
  %c1 = phi i32 [ 0, %j3 ], [ %cn1, %loop ]
  %c2 = phi i32 [ 0, %j3 ], [ %cn2, %loop ]
  %c3 = phi i32 [ 0, %j3 ], [ %cn3, %loop ]
  %je = zext nneg i32 %j to i64
  %tp = getelementptr inbounds i32, ptr addrspace(1) %tbl, i64 %je
  %t = load i32, ptr addrspace(1) %tp, align 4
  %lt0 = icmp slt i32 %t, %x0
  %add0 = add i32 %c0, %j
  %cn0 = select i1 %lt0, i32 %add0, i32 %c0
  %lt1 = icmp slt i32 %t, %x1
  %add1 = add i32 %c1, %j
  %cn1 = select i1 %lt1, i32 %add1, i32 %c1
  %lt2 = icmp slt i32 %t, %x2
  %add2 = add i32 %c2, %j
  %cn2 = select i1 %lt2, i32 %add2, i32 %c2
  %lt3 = icmp slt i32 %t, %x3
  %add3 = add i32 %c3, %j
  %cn3 = select i1 %lt3, i32 %add3, i32 %c3
  %jn = add nuw nsw i32 %j, 1
  %more = icmp ult i32 %jn, 8
  br i1 %more, label %loop, label %st0
st0:
  %q0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %e0
  store i32 %cn0, ptr addrspace(1) %q0, align 4
  br i1 %g1, label %st1, label %s2
st1:
  %ee1 = sext i32 %i1 to i64
  %q1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %ee1
  store i32 %cn1, ptr addrspace(1) %q1, align 4
  br label %s2
s2:
  br i1 %g2, label %st2, label %s3
st2:
  %ee2 = sext i32 %i2 to i64
  %q2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %ee2
  store i32 %cn2, ptr addrspace(1) %q2, align 4
  br label %s3
s3:
  br i1 %g3, label %st3, label %exit
st3:
  %ee3 = sext i32 %i3 to i64
  %q3 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %ee3
  store i32 %cn3, ptr addrspace(1) %q3, align 4
  br label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
