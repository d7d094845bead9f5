; A loop whose latch branch carries llvm.loop metadata with llvm.loop.unroll.disable gets `.pragma "nounroll";`
; at the top of its header block; other loops get none.
; (combine is off: this test pins the mul.wide + add shape instruction selection gives.)
; RUN: compile %s --mcpu sm_80 --disable-pass combine

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @loops(ptr %out, i32 %n) {
entry:
  br label %l1

l1:
  %i = phi i32 [ 0, %entry ], [ %i1, %l1 ]
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %i, ptr %p
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %l1, label %l2, !llvm.loop !0

l2:
  %j = phi i32 [ 0, %l1 ], [ %j1, %l2 ]
  %q = getelementptr i32, ptr %out, i32 %j
  store i32 0, ptr %q
  %j1 = add i32 %j, 2
  %d = icmp slt i32 %j1, %n
  br i1 %d, label %l2, label %exit

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}

; CHECK-LABEL: .visible .entry loops(
; CHECK: $L__BB0_1:
; CHECK-NEXT: .pragma "nounroll";
; CHECK-NEXT: mul.wide.s32
; CHECK: $L__BB0_{{[0-9]+}}:
; CHECK-NOT: .pragma
; CHECK: ret;
