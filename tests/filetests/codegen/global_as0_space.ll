; A global variable of address space 0 lives in `.global` (llc's GenericToNVVM moves it there), so a pointer that
; starts at it and walks it — the pointer induction variable `lsr` makes over a table in a `constant` array —
; is a global address: `ld.global.nc` for the constant table, `ld.global` for a writable one, and no `cvta`.
; A phi that also takes a pointer of unknown space stays generic.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = private unnamed_addr constant [8 x i32] [i32 0, i32 3, i32 6, i32 9, i32 12, i32 15, i32 18, i32 21], align 4
@counts = internal global [8 x i32] zeroinitializer, align 4

define ptx_kernel void @walk_const(ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %p = phi ptr [ @table, %entry ], [ %p.next, %loop ]
  %q = phi ptr [ @counts, %entry ], [ %q.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %v = load i32, ptr %p, align 4
  %w = load i32, ptr %q, align 4
  %s = add i32 %v, %w
  %acc.next = add i32 %acc, %s
  %p.next = getelementptr i8, ptr %p, i64 4
  %q.next = getelementptr i8, ptr %q, i64 4
  %done = icmp eq ptr %p.next, getelementptr inbounds ([8 x i32], ptr @table, i64 1, i64 0)
  br i1 %done, label %exit, label %loop
exit:
  store i32 %acc.next, ptr addrspace(1) %out, align 4
  ret void
}

define i32 @walk_mixed(ptr %other, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %p = phi ptr [ @table, %entry ], [ %other, %a ]
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; CHECK-LABEL: .visible .entry walk_const(
; CHECK: mov.u64 [[T:%rd[0-9]+]], table;
; CHECK-NOT: cvta
; CHECK: ld.global.nc.u32 {{%r[0-9]+}}, {{\[}}[[P:%rd[0-9]+]]{{\]}};
; CHECK: ld.global.u32 {{%r[0-9]+}}, {{\[}}[[Q:%rd[0-9]+]]{{\]}};
; CHECK-NOT: cvta
; CHECK: setp.eq.s64 {{%p[0-9]+}}, [[P]], {{%rd[0-9]+}};
; CHECK-LABEL: .visible .func (.param .b32 func_retval0) walk_mixed(
; CHECK: mov.u64 [[T2:%rd[0-9]+]], table;
; CHECK-NEXT: cvta.global.u64 [[G:%rd[0-9]+]], [[T2]];
; CHECK-NEXT: selp.b64 [[S:%rd[0-9]+]], {{%rd[0-9]+}}, [[G]], {{%p[0-9]+}};
; CHECK-NEXT: ld.u32 {{%r[0-9]+}}, {{\[}}[[S]]{{\]}};
