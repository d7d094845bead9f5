; --emit mir prints every function's machine IR twice in the MIR text form (which `simtc mir-opt` reads back):
; in SSA form as selected (a kernel marked `.kernel`; phis with their incoming blocks; the registers of uniform
; values listed), then laid out after the MIR pipeline, where the phis became movs on the incoming edges (the
; back edge split into its own block, reached by fall-through after branch folding).
; RUN: compile %s --mcpu sm_80 --emit mir

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %out, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 1, %entry ], [ %s1, %loop ]
  %s1 = mul i32 %s, 3
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit

exit:
  store i32 %s1, ptr %out
  ret void
}

; CHECK: mir k ssa {
; CHECK-NEXT: .kernel
; CHECK-NEXT: .uniform {{.*}}%r1
; CHECK-NEXT: bb0:
; CHECK: bb1:  ; preds: bb0, bb1
; CHECK-NEXT: {{%r[0-9]+}} = phi [0, bb0], [{{%r[0-9]+}}, bb1];
; CHECK-NEXT: {{%r[0-9]+}} = phi [1, bb0], [{{%r[0-9]+}}, bb1];
; CHECK-NEXT: mul.lo.s32
; CHECK: }
; CHECK-NEXT: mir k laid-out {
; CHECK: bb0:
; CHECK-NOT: phi
; CHECK: mov.b32 {{%r[0-9]+}}, 0;
; CHECK-NEXT: mov.b32 {{%r[0-9]+}}, 1;
; CHECK-NEXT: bra.uni bb1;
; phi-elim coalesced both loop-carried values with their updates: no copy and no edge block on the back edge.
; CHECK-NEXT: bb1:  ; preds: bb0, bb1
; CHECK-NOT: mov.b32
; CHECK: @{{%p[0-9]+}} bra.uni bb1;
; CHECK-NEXT: bra.uni bb2;
; CHECK-NEXT: bb2:  ; preds: bb1
; CHECK: }
