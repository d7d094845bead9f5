; Unused calls are kept unless they are known not to write memory, not to unwind and to return: missing `willreturn`, missing `nounwind`, `memory(write)`, plain declarations, inline asm and calls with operand bundles all stay; an unbundled call of a pure (convergent) function goes.
; RUN: opt %s --passes verify,dce

declare i32 @plain()
declare i32 @no_willreturn() #0
declare i32 @no_nounwind() #1
declare i32 @writes() #2
declare i32 @pure() #3

define void @f() {
entry:
  %a = call i32 @plain()
  %b = call i32 @no_willreturn()
  %c = call i32 @no_nounwind()
  %d = call i32 @writes()
  %e = call i32 asm "mov.u32 $0, 0;", "=r"()
  %g = call i32 @pure()
  ret void
}

define void @bundled() #4 {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %f = call i32 @pure() [ "convergencectrl"(token %tok) ]
  ret void
}

declare token @llvm.experimental.convergence.entry() #4

attributes #0 = { nounwind memory(none) }
attributes #1 = { willreturn memory(none) }
attributes #2 = { nounwind willreturn memory(write) }
attributes #3 = { convergent nounwind willreturn memory(none) }
attributes #4 = { convergent nounwind willreturn memory(none) }

; CHECK-LABEL: define void @f() {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %a = call i32 @plain()
; CHECK-NEXT:   %b = call i32 @no_willreturn()
; CHECK-NEXT:   %c = call i32 @no_nounwind()
; CHECK-NEXT:   %d = call i32 @writes()
; CHECK-NEXT:   %e = call i32 asm "mov.u32 $0, 0;", "=r"()
; CHECK-NOT:   %g =
; CHECK:   ret void
; CHECK-LABEL: define void @bundled() #3 {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %tok = call token @llvm.experimental.convergence.entry()
; CHECK-NEXT:   %f = call i32 @pure() [ "convergencectrl"(token %tok) ]
; CHECK-NEXT:   ret void
