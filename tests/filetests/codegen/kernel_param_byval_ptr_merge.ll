; A byval kernel parameter read through a phi or select that chooses only among addresses into it (the pointer
; induction variables lsr makes) is still read in place: the phi/select holds param-space addresses and the loads
; are ld.param through a register, no local copy. A select that may also choose a global address makes the
; pointer generic, so that parameter is copied into the local depot.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @walk(ptr byval([64 x i32]) align 4 %p, ptr %out, i32 %n) {
entry:
  br label %loop

loop:
  %q = phi ptr [ %p, %entry ], [ %q.next, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %v = load i32, ptr %q, align 4
  %acc.next = add i32 %acc, %v
  %q.next = getelementptr inbounds i8, ptr %q, i64 4
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  store i32 %acc.next, ptr %out, align 4
  ret void
}

define ptx_kernel void @pick(ptr byval([64 x i32]) align 4 %p, ptr %out, i32 %k) {
  %c = icmp eq i32 %k, 0
  %a = getelementptr inbounds i8, ptr %p, i64 8
  %b = getelementptr inbounds i8, ptr %p, i64 128
  %q = select i1 %c, ptr %a, ptr %b
  %v = load i32, ptr %q, align 4
  store i32 %v, ptr %out, align 4
  ret void
}

define ptx_kernel void @mixed(ptr byval([64 x i32]) align 4 %p, ptr addrspace(1) %g, ptr %out, i32 %k) {
  %c = icmp eq i32 %k, 0
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  %q = select i1 %c, ptr %p, ptr %gg
  %v = load i32, ptr %q, align 4
  store i32 %v, ptr %out, align 4
  ret void
}

; CHECK-LABEL: .visible .entry walk(
; CHECK-NOT: __local_depot
; CHECK: mov.u64 [[P:%rd[0-9]+]], walk_param_0;
; CHECK: $L__BB0_1:
; CHECK-NEXT: ld.param.u32 {{%r[0-9]+}}, [[[P]]];
; CHECK: add.s64 [[P]], [[P]], 4;
; CHECK-LABEL: .visible .entry pick(
; CHECK-NOT: __local_depot
; CHECK: mov.u64 [[Q:%rd[0-9]+]], pick_param_0;
; CHECK: add.s64 [[A:%rd[0-9]+]], [[Q]], 8;
; CHECK-NEXT: add.s64 [[B:%rd[0-9]+]], [[Q]], 128;
; CHECK-NEXT: selp.b64 [[S:%rd[0-9]+]], [[A]], [[B]], {{%p[0-9]+}};
; CHECK-NEXT: ld.param.u32 {{%r[0-9]+}}, [[[S]]];
; CHECK-LABEL: .visible .entry mixed(
; CHECK: .local .align 4 .b8 __local_depot2[256];
; CHECK: cvta.local.u64
; CHECK: selp.b64
; CHECK-NEXT: ld.u32
