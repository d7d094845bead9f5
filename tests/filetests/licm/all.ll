; licm with licm-mode=2 (the default) hoists every invariant speculatable instruction, the constant select and the division
; by a nonzero constant included; the division by a register and the load stay; licm-mode=0 is off.
; RUN: opt %s --passes licm --knob licm-mode=2

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %a, i1 %c, i32 %n, i32 %m) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x = load i32, ptr addrspace(1) %a, align 4
  %k = select i1 %c, i32 3, i32 5
  %q = sdiv i32 %m, %n
  %q7 = udiv i32 %m, 7
  %y = add i32 %x, %k
  %y2 = add i32 %y, %q
  %y3 = add i32 %y2, %q7
  %dst = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %i
  store i32 %y3, ptr addrspace(1) %dst, align 4
  %i.next = add nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: entry:
; CHECK-NEXT: %k = select i1 %c, i32 3, i32 5
; CHECK-NEXT: %q7 = udiv i32 %m, 7
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK: %x = load i32
; CHECK-NEXT: %q = sdiv i32 %m, %n
