; An atomic load below its natural alignment is an error, like an under-aligned atomicrmw.
; RUN: compile %s --mcpu sm_80
; EXIT: 1

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p) {
  %v = load atomic i64, ptr addrspace(1) %p syncscope("device") acquire, align 4
  store i64 %v, ptr addrspace(1) %p, align 8
  ret void
}

; ERR: error: atomic load of 8 bytes is aligned to only 4 byte(s): PTX atomics must be naturally aligned, and splitting the access would not be atomic
