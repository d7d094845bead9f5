; `landingpad` is rejected as unsupported, also when it has a result name.
; RUN: opt %s --passes verify
; EXIT: 1

define void @f() {
entry:
  %lp = landingpad { ptr, i32 } cleanup
  ret void
}

; ERR: {{.*}}unsupported_landingpad.ll:7:9: error: unsupported: 'landingpad' (exception handling and indirect branches cannot reach a GPU)
; ERR-NEXT:   %lp = landingpad { ptr, i32 } cleanup
