; llvm.nvvm.branch.if.all.convergent is available from sm_70; sm_70's default PTX 6.0 has no activemask (6.2),
; so the active mask is the ballot of a true predicate there, and activemask with --ptx-version 6.2.
; RUN: compile %s --mcpu sm_70

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bic(ptr %out) {
entry:
  %c = call i1 @llvm.nvvm.branch.if.all.convergent()
  br i1 %c, label %fast, label %exit

fast:
  store i32 2, ptr %out
  br label %exit

exit:
  ret void
}

declare i1 @llvm.nvvm.branch.if.all.convergent()

; CHECK: .version 6.0
; (copyprop canonicalizes the always-true setp.eq 0, 0 into the predicate-constant form.)
; CHECK: setp.ne.s32 {{%p[0-9]+}}, 1, 0;
; CHECK-NEXT: vote.ballot.b32 {{%r[0-9]+}}, {{%p[0-9]+}};
; CHECK-NEXT: setp.eq.b32 {{%p[0-9]+}}, {{%r[0-9]+}}, -1;
; CHECK-NOT: activemask
