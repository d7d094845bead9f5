; A --ptx-version newer than simtc and ptxas support is a usage error.
; RUN: compile %s --ptx-version 9.9
; EXIT: 2

define ptx_kernel void @k() {
  ret void
}

; ERR: simtc: error: PTX version 9.9 is newer than simtc and ptxas support (at most 9.5)
