; Phis after a lowered switch (a chain of setp / guarded branches in one block): a phi listing the switch block
; once per case edge is one MIR predecessor; a phi operand that needs instructions (a global's address) and the
; copies of a single-predecessor phi are placed before the chain's *first* branch, so they are defined on every
; outgoing edge.
; (copyprop is off: this test pins the shape instruction selection gives.)
; RUN: compile %s --mcpu sm_80 --disable-pass copyprop

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@g = addrspace(1) global i32 0

define ptx_kernel void @dup_edges(ptr %out, i32 %n, i32 %m) {
entry:
  switch i32 %n, label %d [
    i32 0, label %j
    i32 1, label %j
    i32 5, label %j
  ]
d:
  br label %j
j:
  %p = phi i32 [ 1, %entry ], [ 1, %entry ], [ 1, %entry ], [ %m, %d ]
  store i32 %p, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry dup_edges(
; CHECK: setp.eq.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0;
; CHECK-NEXT: @{{%p[0-9]+}} bra.uni $L__BB0_1;
; CHECK: $L__BB0_1:
; CHECK-NEXT: mov.b32 {{%r[0-9]+}}, 1;

define ptx_kernel void @materialize(ptr %out, i32 %n, ptr %q) {
entry:
  switch i32 %n, label %d [
    i32 0, label %j
    i32 1, label %other
  ]
other:
  br label %j
d:
  br label %j
j:
  %p = phi ptr [ addrspacecast (ptr addrspace(1) @g to ptr), %entry ], [ %q, %d ], [ %out, %other ]
  store i32 1, ptr %p
  ret void
}

; CHECK-LABEL: .visible .entry materialize(
; CHECK: setp.eq.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0;
; CHECK-NEXT: mov.u64 {{%rd[0-9]+}}, g;
; CHECK-NEXT: @{{%p[0-9]+}} bra.uni

define ptx_kernel void @single_pred(ptr %out, i32 %n, i32 %m) {
entry:
  %x = add i32 %m, 3
  switch i32 %n, label %d [
    i32 0, label %a
    i32 1, label %b
  ]
a:
  %pa = phi i32 [ %x, %entry ]
  store i32 %pa, ptr %out
  ret void
b:
  %pb = phi i32 [ %m, %entry ]
  store i32 %pb, ptr %out
  ret void
d:
  ret void
}

; The single-predecessor phis are coalesced with their operands (phi-elim): no copy before the switch.
; CHECK-LABEL: .visible .entry single_pred(
; CHECK: add.s32 {{%r[0-9]+}}
; CHECK-NEXT: setp.eq.u32
; CHECK-NEXT: @{{%p[0-9]+}} bra.uni
; CHECK-NOT: mov.b32
; CHECK: ret;
