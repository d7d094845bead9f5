; bypass-slow-division: a udiv and a urem of the same two loaded (unknown) i64 operands share one test,
; ((a | b) >> 32) == 0, and one fast path: a 32-bit udiv, the remainder as a - q * b, both zero-extended; the
; slow path divides in 64 bits once (the remainder as x - q * y there too); phis in the rest of the block give
; the results. The sdiv of the same operands is a group of its own (signed), with the 32-bit unsigned division
; on its fast path.
; RUN: opt %s --passes bypass-slow-division

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr addrspace(1) %p) {
entry:
  %x = load i64, ptr addrspace(1) %p, align 8
  %q1 = getelementptr i64, ptr addrspace(1) %p, i64 1
  %y = load i64, ptr addrspace(1) %q1, align 8
  %d = udiv i64 %x, %y
  %r = urem i64 %x, %y
  %s = sdiv exact i64 %x, %y
  %t = add i64 %d, %r
  %u = add i64 %t, %s
  store i64 %u, ptr addrspace(1) %p, align 8
  ret void
}

; CHECK-LABEL: define void @k(
; CHECK: [[OR:%[0-9]+]] = or i64 %x, %y
; CHECK-NEXT: [[HI:%[0-9]+]] = lshr i64 [[OR]], 32
; CHECK-NEXT: [[C:%[0-9]+]] = icmp eq i64 [[HI]], 0
; CHECK-NEXT: br i1 [[C]], label %bypass.fast, label %bypass.slow
; CHECK: bypass.fast:
; CHECK-NEXT: [[A:%[0-9]+]] = trunc i64 %x to i32
; CHECK-NEXT: [[B:%[0-9]+]] = trunc i64 %y to i32
; CHECK-NEXT: [[Q:%[0-9]+]] = udiv i32 [[A]], [[B]]
; CHECK-NEXT: [[M:%[0-9]+]] = mul i32 [[Q]], [[B]]
; CHECK-NEXT: [[R:%[0-9]+]] = sub i32 [[A]], [[M]]
; CHECK-NEXT: [[QZ:%[0-9]+]] = zext i32 [[Q]] to i64
; CHECK-NEXT: [[RZ:%[0-9]+]] = zext i32 [[R]] to i64
; CHECK-NEXT: br label %bypass.join
; CHECK: bypass.slow:
; CHECK-NEXT: [[QS:%[0-9]+]] = udiv i64 %x, %y
; CHECK-NEXT: [[MS:%[0-9]+]] = mul i64 [[QS]], %y
; CHECK-NEXT: [[RS:%[0-9]+]] = sub i64 %x, [[MS]]
; CHECK-NEXT: br label %bypass.join
; CHECK: bypass.join:
; CHECK-NEXT: [[PQ:%[0-9]+]] = phi i64 [ [[QZ]], %bypass.fast ], [ [[QS]], %bypass.slow ]
; CHECK-NEXT: [[PR:%[0-9]+]] = phi i64 [ [[RZ]], %bypass.fast ], [ [[RS]], %bypass.slow ]
; CHECK: br i1 {{%[0-9]+}}, label %bypass.fast.1, label %bypass.slow.1
; CHECK: bypass.fast.1:
; CHECK: udiv i32
; CHECK: bypass.slow.1:
; CHECK-NEXT: [[SS:%[0-9]+]] = sdiv i64 %x, %y
; CHECK: bypass.join.1:
; CHECK-NEXT: [[PS:%[0-9]+]] = phi i64 [ {{%[0-9]+}}, %bypass.fast.1 ], [ [[SS]], %bypass.slow.1 ]
; CHECK-NEXT: %t = add i64 [[PQ]], [[PR]]
; CHECK-NEXT: %u = add i64 %t, [[PS]]
; CHECK-NOT: udiv i64
; CHECK-NOT: urem i64
; CHECK: ret void
