; Every address space vectorizes: shared (a global array with `align 16`, through a constant-expression GEP),
; local (an `alloca` with `align 8`), a `byval` parameter (param space, `align 8`), generic; i8 and i16 chains
; become `.v4.u8` / `.v2.u16`.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.pair = type { float, float }

@sh = internal addrspace(3) global [64 x float] undef, align 16

define ptx_kernel void @shared(ptr addrspace(1) %out, i32 %t) {
  store float 1.0, ptr addrspace(3) getelementptr inbounds ([64 x float], ptr addrspace(3) @sh, i64 0, i64 4), align 4
  store float 2.0, ptr addrspace(3) getelementptr inbounds ([64 x float], ptr addrspace(3) @sh, i64 0, i64 5), align 4
  store float 3.0, ptr addrspace(3) getelementptr inbounds ([64 x float], ptr addrspace(3) @sh, i64 0, i64 6), align 4
  store float 4.0, ptr addrspace(3) getelementptr inbounds ([64 x float], ptr addrspace(3) @sh, i64 0, i64 7), align 4
  call void @llvm.nvvm.barrier0()
  %a = load float, ptr addrspace(3) getelementptr inbounds ([64 x float], ptr addrspace(3) @sh, i64 0, i64 6), align 4
  %b = load float, ptr addrspace(3) getelementptr inbounds ([64 x float], ptr addrspace(3) @sh, i64 0, i64 7), align 4
  %s = fadd float %a, %b
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @local(ptr addrspace(1) %out, i32 %k) {
  %buf = alloca [4 x i32], align 8, addrspace(5)
  %b1 = getelementptr inbounds i32, ptr addrspace(5) %buf, i64 1
  store i32 %k, ptr addrspace(5) %buf, align 4
  store i32 7, ptr addrspace(5) %b1, align 4
  %x = sext i32 %k to i64
  %px = getelementptr inbounds i32, ptr addrspace(5) %buf, i64 %x
  %v = load i32, ptr addrspace(5) %px, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @byval(ptr byval(%struct.pair) align 8 %s, ptr addrspace(1) %out) {
  %x = load float, ptr %s, align 8
  %py = getelementptr inbounds %struct.pair, ptr %s, i64 0, i32 1
  %y = load float, ptr %py, align 4
  %r = fmul float %x, %y
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @bytes(ptr addrspace(1) align 4 %in, ptr addrspace(1) align 4 %out) {
  %c0 = load i8, ptr addrspace(1) %in, align 1
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %in, i64 1
  %c1 = load i8, ptr addrspace(1) %p1, align 1
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %in, i64 2
  %c2 = load i8, ptr addrspace(1) %p2, align 1
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %in, i64 3
  %c3 = load i8, ptr addrspace(1) %p3, align 1
  %s0 = add i8 %c0, %c1
  %s1 = add i8 %c2, %c3
  %h0 = zext i8 %s0 to i16
  %h1 = zext i8 %s1 to i16
  store i16 %h0, ptr addrspace(1) %out, align 2
  %o1 = getelementptr inbounds i16, ptr addrspace(1) %out, i64 1
  store i16 %h1, ptr addrspace(1) %o1, align 2
  ret void
}

declare void @llvm.nvvm.barrier0() #0

attributes #0 = { convergent nocallback nounwind }

; CHECK-LABEL: .entry shared(
; CHECK: st.shared.v4.f32
; CHECK: bar.sync
; CHECK: ld.shared.v2.f32
; CHECK: ret;
; CHECK-LABEL: .entry local(
; CHECK: st.local.v2.u32
; CHECK: ret;
; CHECK-LABEL: .entry byval(
; CHECK: ld.param.v2.f32
; CHECK: ret;
; CHECK-LABEL: .entry bytes(
; CHECK: ld.global.v4.u8
; CHECK: st.global.v2.u16
; CHECK: ret;
