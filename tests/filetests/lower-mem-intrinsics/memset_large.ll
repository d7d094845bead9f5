; memset of a constant length above max-aggr-copy-size (128) becomes a loop in the widest unit the alignment
; allows (i64 at align 16), with no guard (the count is known) and a straight-line residual (6001 = 750 * 8 + 1).
; A constant byte is splat at compile time; 128 bytes stay a call (isel unrolls them).
; RUN: opt %s --passes lower-mem-intrinsics

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @big(ptr addrspace(1) align 16 %p) {
entry:
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 16 %p, i8 1, i64 6001, i1 false)
  ret void
}

define ptx_kernel void @small(ptr addrspace(1) align 4 %p) {
entry:
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 4 %p, i8 0, i64 128, i1 false)
  ret void
}

define void @shared(i8 %v) {
entry:
  call void @llvm.memset.p3.i32(ptr addrspace(3) align 4 @buf, i8 %v, i32 32768, i1 true)
  ret void
}

@buf = internal addrspace(3) global [32768 x i8] undef, align 4

declare void @llvm.memset.p1.i64(ptr addrspace(1), i8, i64, i1)
declare void @llvm.memset.p3.i32(ptr addrspace(3), i8, i32, i1)

; CHECK-LABEL: define ptx_kernel void @big(
; CHECK: entry:
; CHECK-NEXT: br label %memset.loop
; CHECK: memset.loop:
; CHECK-NEXT: %memset.loop.i = phi i64 [ 0, %entry ], [ [[NEXT:%[0-9a-z.]+]], %memset.loop ]
; CHECK-NEXT: [[P:%[0-9a-z.]+]] = getelementptr inbounds i64, ptr addrspace(1) %p, i64 %memset.loop.i
; CHECK-NEXT: store i64 72340172838076673, ptr addrspace(1) [[P]], align 8
; CHECK-NEXT: [[NEXT]] = add i64 %memset.loop.i, 1
; CHECK-NEXT: [[C:%[0-9a-z.]+]] = icmp ult i64 [[NEXT]], 750
; CHECK-NEXT: br i1 [[C]], label %memset.loop, label %memset.loop.exit
; CHECK: memset.loop.exit:
; CHECK-NEXT: [[R:%[0-9a-z.]+]] = getelementptr inbounds i8, ptr addrspace(1) %p, i64 6000
; CHECK-NEXT: store i8 1, ptr addrspace(1) [[R]], align 1
; CHECK-NEXT: br label %memset.done
; CHECK: memset.done:
; CHECK-NEXT: ret void

; CHECK-LABEL: define ptx_kernel void @small(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @llvm.memset.p1.i64(ptr addrspace(1) align 4 %p, i8 0, i64 128, i1 false)

; A variable byte is splat by a multiply; volatile reaches the stores; the unit is i32 at align 4.
; CHECK-LABEL: define void @shared(
; CHECK: %memset.splat = mul i32 {{%[0-9a-z.]+}}, 16843009
; CHECK: memset.loop:
; CHECK: getelementptr inbounds i32, ptr addrspace(3) @buf, i64 %memset.loop.i
; CHECK-NEXT: store volatile i32 %memset.splat, ptr addrspace(3) {{%[0-9a-z.]+}}, align 4
; CHECK: icmp ult i64 {{%[0-9a-z.]+}}, 8192
