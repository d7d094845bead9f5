; lower-switch and unify-exits exist for structurizecfg (it rejects a switch and needs one exit): they run
; whenever it does and cannot be disabled on their own.
; RUN: compile %s --knob structurize=true --disable-pass lower-switch
; EXIT: 2

define ptx_kernel void @k() {
  ret void
}

; ERR: simtc: error: pass 'lower-switch' is a prerequisite of structurizecfg and runs whenever it does; disable structurizecfg instead
