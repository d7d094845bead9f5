; Without --ptx-version, .version follows the module's "+ptxNN" target feature (the largest, as llc does), raised
; to the target's minimum: +ptx83 on sm_80 gives 8.3; --ptx-version still wins.
; RUN: compile %s --mcpu sm_80

define ptx_kernel void @k() #0 {
  ret void
}

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx42,+ptx83,+sm_80" }

; CHECK: .version 8.3
; CHECK-NEXT: .target sm_80
