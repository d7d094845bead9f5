; A uniform branch (kernel argument) is never melded: every thread takes one side.
; RUN: opt %s --passes darm --knob darm-report=1
define ptx_kernel void @k(ptr addrspace(1) %a, i32 %n) {
entry:
  %c = icmp ult i32 %n, 16
  br i1 %c, label %then, label %else
then:
  %xa = load float, ptr addrspace(1) %a, align 4
  %ya = fmul float %xa, 2.0
  store float %ya, ptr addrspace(1) %a, align 4
  br label %join
else:
  %xb = load float, ptr addrspace(1) %a, align 4
  %yb = fmul float %xb, 3.0
  store float %yb, ptr addrspace(1) %a, align 4
  br label %join
join:
  ret void
}

; CHECK: br i1 %c, label %then, label %else
; CHECK-NOT: select
