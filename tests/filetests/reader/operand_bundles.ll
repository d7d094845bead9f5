; Operand bundles: `"convergencectrl"` with a token from `llvm.experimental.convergence.entry`, several bundles on one call, empty bundles.
; RUN: opt %s --passes verify

declare token @llvm.experimental.convergence.entry() #0
declare token @llvm.experimental.convergence.anchor() #0
declare i32 @shfl(i32) #1
declare void @g()

define i32 @f(i32 %x) #1 {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %a = call i32 @shfl(i32 %x) [ "convergencectrl"(token %tok) ]
  %anc = call token @llvm.experimental.convergence.anchor()
  %b = call i32 @shfl(i32 %a) [ "convergencectrl"(token %anc) ]
  call void @g() [ "deopt"(i32 1, i32 %b), "simtc.tag"() ]
  ret i32 %b
}

attributes #0 = { convergent nounwind }
attributes #1 = { convergent }

; CHECK:   %tok = call token @llvm.experimental.convergence.entry()
; CHECK-NEXT:   %a = call i32 @shfl(i32 %x) [ "convergencectrl"(token %tok) ]
; CHECK-NEXT:   %anc = call token @llvm.experimental.convergence.anchor()
; CHECK-NEXT:   %b = call i32 @shfl(i32 %a) [ "convergencectrl"(token %anc) ]
; CHECK-NEXT:   call void @g() [ "deopt"(i32 1, i32 %b), "simtc.tag"() ]
