; A kernel whose by-value parameter holds a pointer as an integer (thrust's device_ptr, read as load i64 +
; inttoptr): the accesses through it are global (ld.global/st.global after one cvta.to.global). Thread t doubles
; in[t] into out[t]. crates/simtc/tests/idioms.rs.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%dptr = type { ptr }

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @devptr(ptr byval(%dptr) align 8 %d, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %raw = load i64, ptr %d, align 8
  %in = inttoptr i64 %raw to ptr
  %pi = getelementptr inbounds i32, ptr %in, i64 %t64
  %v = load i32, ptr %pi, align 4
  %w = shl i32 %v, 1
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %t64
  store i32 %w, ptr addrspace(1) %po, align 4
  ret void
}
