; Element-wise unordered-atomic memory intrinsics (see crates/simtc/tests/memops.rs).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @element_atomic(ptr addrspace(1) %src, ptr addrspace(1) %dst, i64 %n) {
  call void @llvm.memcpy.element.unordered.atomic.p1.p1.i64(ptr addrspace(1) align 4 %dst, ptr addrspace(1) align 4 %src, i64 64, i32 4)
  %d64 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 64
  %s64 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 64
  call void @llvm.memcpy.element.unordered.atomic.p1.p1.i64(ptr addrspace(1) align 8 %d64, ptr addrspace(1) align 8 %s64, i64 %n, i32 8)
  %d128 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 128
  call void @llvm.memset.element.unordered.atomic.p1.i64(ptr addrspace(1) align 2 %d128, i8 90, i64 24, i32 2)
  %d152 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 152
  call void @llvm.memset.element.unordered.atomic.p1.i64(ptr addrspace(1) align 1 %d152, i8 17, i64 7, i32 1)
  %d8 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 8
  call void @llvm.memmove.element.unordered.atomic.p1.p1.i64(ptr addrspace(1) align 4 %d8, ptr addrspace(1) align 4 %dst, i64 32, i32 4)
  ret void
}

declare void @llvm.memcpy.element.unordered.atomic.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i32)
declare void @llvm.memmove.element.unordered.atomic.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i32)
declare void @llvm.memset.element.unordered.atomic.p1.i64(ptr addrspace(1), i8, i64, i32)
