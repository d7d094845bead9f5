; Typed pointers (LLVM 12-14): `T addrspace(N)*` parameters, loads, stores, casts and function pointers read as opaque `ptr addrspace(N)`.
; RUN: opt %s --passes verify

@table = addrspace(1) global [4 x i32] zeroinitializer, align 4
@gp = addrspace(3) global i32 addrspace(1)* null, align 8

declare void @sink(i32 addrspace(1)*, float addrspace(3)*)

define void @copy(i32 addrspace(1)* %dst, i32 addrspace(1)* %src, float addrspace(3)* %sh, void (i32 addrspace(1)*, float addrspace(3)*)* %fp) {
entry:
  %v = load i32, i32 addrspace(1)* %src, align 4
  store i32 %v, i32 addrspace(1)* %dst, align 4
  %gen = addrspacecast i32 addrspace(1)* %dst to i32*
  %w = load i32, i32* %gen, align 4
  %pp = load i32 addrspace(1)*, i32 addrspace(1)* addrspace(3)* @gp, align 8
  store i32 %w, i32 addrspace(1)* %pp, align 4
  call void %fp(i32 addrspace(1)* %dst, float addrspace(3)* %sh)
  call void @sink(i32 addrspace(1)* getelementptr inbounds ([4 x i32], [4 x i32] addrspace(1)* @table, i64 0, i64 2), float addrspace(3)* %sh)
  ret void
}

; CHECK: @table = addrspace(1) global [4 x i32] zeroinitializer, align 4
; CHECK-NEXT: @gp = addrspace(3) global ptr addrspace(1) null, align 8
; CHECK: declare void @sink(ptr addrspace(1), ptr addrspace(3))
; CHECK-LABEL: define void @copy(ptr addrspace(1) %dst, ptr addrspace(1) %src, ptr addrspace(3) %sh, ptr %fp) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %v = load i32, ptr addrspace(1) %src, align 4
; CHECK-NEXT:   store i32 %v, ptr addrspace(1) %dst, align 4
; CHECK-NEXT:   %gen = addrspacecast ptr addrspace(1) %dst to ptr
; CHECK-NEXT:   %w = load i32, ptr %gen, align 4
; CHECK-NEXT:   %pp = load ptr addrspace(1), ptr addrspace(3) @gp, align 8
; CHECK-NEXT:   store i32 %w, ptr addrspace(1) %pp, align 4
; CHECK-NEXT:   call void %fp(ptr addrspace(1) %dst, ptr addrspace(3) %sh)
; CHECK-NEXT:   call void @sink(ptr addrspace(1) getelementptr inbounds ([4 x i32], ptr addrspace(1) @table, i64 0, i64 2), ptr addrspace(3) %sh)
; CHECK-NEXT:   ret void
; CHECK-NOT: addrspace(1)*
