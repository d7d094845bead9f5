; A packed copy: thread g copies the i32 at byte 16g + 1 of `in` (align 1) to the same bytes of `out`, the i32
; at byte 16g + 6 (align 2) likewise, and writes the first value plus one as an aligned word at byte 16g + 12.
; The under-aligned loads are read in pieces (bytes, halves); at -O3 the stores write the pieces as read instead
; of reassembling the value and shifting it apart again (llc's copy); the aligned word still gets the whole value.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @packed_copy(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %o = shl i32 %gid, 4
  %o64 = zext i32 %o to i64
  %ia = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %o64
  %oa = getelementptr inbounds i8, ptr addrspace(1) %out, i64 %o64
  %sa = getelementptr inbounds i8, ptr addrspace(1) %ia, i64 1
  %da = getelementptr inbounds i8, ptr addrspace(1) %oa, i64 1
  %a = load i32, ptr addrspace(1) %sa, align 1
  store i32 %a, ptr addrspace(1) %da, align 1
  %sb = getelementptr inbounds i8, ptr addrspace(1) %ia, i64 6
  %db = getelementptr inbounds i8, ptr addrspace(1) %oa, i64 6
  %b = load i32, ptr addrspace(1) %sb, align 2
  store i32 %b, ptr addrspace(1) %db, align 2
  %c = add i32 %a, 1
  %dc = getelementptr inbounds i8, ptr addrspace(1) %oa, i64 12
  store i32 %c, ptr addrspace(1) %dc, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
