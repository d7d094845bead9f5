; fuzz-diff seed 29 program 5376 (reduced): with copyprop disabled, `%r10 = mov %r8` reaches phi-elim, which
; coalesces the loop phi %r8 with its incoming %r10 and deletes the copy (now `mov r, r`). The SSA-destruction
; checker (run by --verify-each) used to reject the output ("lost or reordered its instruction mov.b32"); a copy
; that the renaming makes an identity may be dropped, and the checker applies it where it was.
; (local-forward is off: the reduced program keeps its values in the local frame.)
; RUN: compile %s --mcpu sm_90 -O3 --knob structurize=true --disable-pass copyprop --disable-pass local-forward --verify-each

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @fuzz(ptr %in, ptr %out, i32 %n) {
entry1:
  %arr = alloca [8 x i32], align 4
  br label %loop6
loop6:
  %h9_0 = phi i32 [ 0, %entry1 ], [ %h13_0, %latch8 ]
  br label %body7
body7:
  %v54 = and i32 0, 7
  %v55 = xor i32 %h9_0, %v54
  %v62 = and i32 0, 7
  %v63 = xor i32 %v55, %v62
  store i32 %v63, ptr %arr, align 4
  br label %loop10
latch8:
  %v85 = icmp slt i32 0, 0
  br i1 %v85, label %loop6, label %exit9
exit9:
  ret void
loop10:
  %h13_0 = phi i32 [ %v63, %body7 ]
  br label %latch8
}

; CHECK-LABEL: .entry fuzz(
; CHECK: st.local.u32
; CHECK: ret;
