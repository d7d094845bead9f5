; A "+ptxNN" feature below the target's minimum is raised to the minimum (sm_90 needs 7.8).
; RUN: compile %s --mcpu sm_90

define ptx_kernel void @k() #0 {
  ret void
}

attributes #0 = { "target-features"="+ptx70" }

; CHECK: .version 7.8
; CHECK-NEXT: .target sm_90
