; ptrtoint yields the address in the pointer type's space: for a generic `ptr` kernel parameter (held as a global
; address) that is the generic value ld.param read (the cvta.to.global + cvta.global round trip folds away), for an addrspace(3) pointer the shared address itself; inttoptr
; makes a generic pointer, accessed with plain ld/st; ptrtoint to i32 truncates.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [4 x i32] undef, align 4

define ptx_kernel void @ptr_casts(ptr %out, i64 %addr) {
  %i = ptrtoint ptr %out to i64
  %al = and i64 %i, -16
  %p = inttoptr i64 %al to ptr
  store i64 %i, ptr %p
  %q = inttoptr i64 %addr to ptr
  %v = load i32, ptr %q
  %s = ptrtoint ptr addrspace(3) @sh to i32
  %sum = add i32 %v, %s
  store i32 %sum, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry ptr_casts(
; CHECK: ld.param.u64 [[P:%rd[0-9]+]], [ptr_casts_param_0];
; CHECK-NEXT: cvta.to.global.u64
; CHECK-NEXT: ld.param.u64
; ptrtoint of the global-space register: the generic parameter value itself.
; CHECK-NEXT: and.b64 [[A:%rd[0-9]+]], [[P]], -16;
; CHECK-NEXT: st.u64 [[[A]]], [[P]];
; CHECK-NEXT: ld.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}];
; ptrtoint of an addrspace(3) pointer is its shared-space address: no cvta.shared.
; CHECK-NEXT: mov.u64 {{%rd[0-9]+}}, sh;
; CHECK-NEXT: cvt.u32.u64
; CHECK-NEXT: add.s32
; CHECK-NEXT: st.global.u32
