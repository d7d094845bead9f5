; An unknown knob is a usage error (exit 2) listing the valid knobs.
; RUN: compile %s --knob no-such-knob=1
; EXIT: 2

define ptx_kernel void @k() {
  ret void
}

; ERR: no-such-knob
; ERR: structurize
