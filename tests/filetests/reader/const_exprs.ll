; Constant expressions LLVM 19 keeps: getelementptr (inbounds, nested), addrspacecast, ptrtoint, inttoptr, bitcast, trunc, add/sub/mul/xor with flags; in initializers and as instruction operands.
; RUN: opt %s --passes verify

@arr = addrspace(3) global [8 x i32] zeroinitializer, align 4
@s = addrspace(1) global { i32, [4 x float] } zeroinitializer

@gen = global ptr addrspacecast (ptr addrspace(3) @arr to ptr)
@elt = global ptr addrspace(3) getelementptr inbounds ([8 x i32], ptr addrspace(3) @arr, i64 0, i64 5)
@fld = global ptr addrspace(1) getelementptr inbounds ({ i32, [4 x float] }, ptr addrspace(1) @s, i32 0, i32 1, i32 2)
@nested = global ptr addrspacecast (ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @arr, i64 12) to ptr)
@addr = global i64 ptrtoint (ptr addrspace(1) @s to i64)
@back = global ptr inttoptr (i64 4096 to ptr)
@sum = global i64 add nuw (i64 ptrtoint (ptr addrspace(1) @s to i64), i64 16)
@diff = global i32 sub (i32 trunc (i64 ptrtoint (ptr @gen to i64) to i32), i32 1)
@mul = global i64 mul nsw (i64 ptrtoint (ptr @back to i64), i64 2)

define i32 @use() {
  %v = load i32, ptr addrspacecast (ptr addrspace(3) getelementptr inbounds ([8 x i32], ptr addrspace(3) @arr, i64 0, i64 1) to ptr), align 4
  %p = ptrtoint ptr addrspace(3) @arr to i32
  %x = xor i32 %v, ptrtoint (ptr addrspace(3) @arr to i32)
  ret i32 %x
}

; CHECK: @gen = global ptr addrspacecast (ptr addrspace(3) @arr to ptr)
; CHECK-NEXT: @elt = global ptr addrspace(3) getelementptr inbounds ([8 x i32], ptr addrspace(3) @arr, i64 0, i64 5)
; CHECK-NEXT: @fld = global ptr addrspace(1) getelementptr inbounds ({ i32, [4 x float] }, ptr addrspace(1) @s, i32 0, i32 1, i32 2)
; CHECK-NEXT: @nested = global ptr addrspacecast (ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @arr, i64 12) to ptr)
; CHECK-NEXT: @addr = global i64 ptrtoint (ptr addrspace(1) @s to i64)
; CHECK-NEXT: @back = global ptr inttoptr (i64 4096 to ptr)
; CHECK-NEXT: @sum = global i64 add nuw (i64 ptrtoint (ptr addrspace(1) @s to i64), i64 16)
; CHECK-NEXT: @diff = global i32 sub (i32 trunc (i64 ptrtoint (ptr @gen to i64) to i32), i32 1)
; CHECK-NEXT: @mul = global i64 mul nsw (i64 ptrtoint (ptr @back to i64), i64 2)
; CHECK:   %v = load i32, ptr addrspacecast (ptr addrspace(3) getelementptr inbounds ([8 x i32], ptr addrspace(3) @arr, i64 0, i64 1) to ptr), align 4
; CHECK-NEXT:   %p = ptrtoint ptr addrspace(3) @arr to i32
; CHECK-NEXT:   %x = xor i32 %v, ptrtoint (ptr addrspace(3) @arr to i32)
