; An atomic access below its natural alignment cannot be split (the pieces would not be atomic) and PTX atomics
; must be naturally aligned: it is an error with a clear message, not a misaligned atom.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p) {
  %old = atomicrmw add ptr addrspace(1) %p, i32 1 monotonic, align 2
  store i32 %old, ptr addrspace(1) %p, align 4
  ret void
}

; ERR: error: atomicrmw of 4 bytes is aligned to only 2 byte(s): PTX atomics must be naturally aligned
