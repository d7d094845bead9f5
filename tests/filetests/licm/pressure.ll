; licm with licm-mode=1 (pressure-only): an invariant select whose register operands are read only by it leaves the loop
; (the loop then carries one value instead of two); a select of two constants stays (hoisting it would add a
; value live through the loop and save no register); a division by a non-constant never moves (it may trap),
; one by a nonzero constant may, and a load never does.
; RUN: opt %s --passes licm --knob licm-mode=1

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %a, ptr addrspace(1) %b, i1 %c, i32 %n, i32 %m) {
entry:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 4
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 8
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %sel = select i1 %c, ptr addrspace(1) %pa, ptr addrspace(1) %pb
  %x = load i32, ptr addrspace(1) %sel, align 4
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
; CHECK: %pb = getelementptr
; CHECK-NEXT: %sel = select i1 %c, ptr addrspace(1) %pa, ptr addrspace(1) %pb
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK: %x = load i32, ptr addrspace(1) %sel
; CHECK-NEXT: %k = select i1 %c, i32 3, i32 5
; CHECK-NEXT: %q = sdiv i32 %m, %n
