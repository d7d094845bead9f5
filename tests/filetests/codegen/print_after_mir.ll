; --print-after with a MIR pass prints the MIR listing after it (IR passes print the module); --verify-each runs
; the MIR verifier and the SSA-destruction checker after every MIR pass (phi-elim destroys SSA by default).
; RUN: compile %s --mcpu sm_80 --print-after phi-elim --verify-each

define ptx_kernel void @k(ptr %out, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit

exit:
  store i32 %i, ptr %out
  ret void
}

; ERR: ; *** MIR after phi-elim ***
; ERR-NEXT: mir k phi-free {
; ERR-NOT: phi
; ERR: }
; CHECK: .visible .entry k(
