; nvvm.annotations become kernel directives: maxntid, reqntid, minnctapersm (minctasm), maxnreg.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bounded() {
  ret void
}

define ptx_kernel void @exact() {
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6}
!0 = !{ptr @bounded, !"kernel", i32 1}
!1 = !{ptr @bounded, !"maxntidx", i32 256}
!2 = !{ptr @bounded, !"minctasm", i32 2}
!3 = !{ptr @bounded, !"maxnreg", i32 64}
!4 = !{ptr @exact, !"kernel", i32 1}
!5 = !{ptr @exact, !"reqntidx", i32 32}
!6 = !{ptr @exact, !"reqntidy", i32 8}

; CHECK-LABEL: .visible .entry bounded()
; CHECK-NEXT: .maxntid 256, 1, 1
; CHECK-NEXT: .minnctapersm 2
; CHECK-NEXT: .maxnreg 64
; CHECK-LABEL: .visible .entry exact()
; CHECK-NEXT: .reqntid 32, 8, 1
; CHECK-NEXT: {
