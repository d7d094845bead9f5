; Short loops get no new IVs: the remainder loop clang leaves after unrolling by 4 (`j != (n & 3)`, at most 3
; iterations per entry, entered on every iteration of an enclosing loop) would pay each IV's set-up on every
; entry for at most three iterations (HeCBench's kmeans find_membership: 112 -> 95 SASS instructions on sm_90,
; llc-19 106). The same loop bounded by `n & 15` (16 iterations), or by a `urem` by 32, still gets its pointer
; IVs; a pre-increment test `j != n % 3` (at most 3 iterations) does not. `--knob lsr-min-trips` moves the limit.
; RUN: opt %s --passes lsr --knob lsr-report=1

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @rem4(ptr %a, ptr %b, i32 %n, i32 %base) {
entry:
  %k = and i32 %n, 3
  %z = icmp eq i32 %k, 0
  br i1 %z, label %exit, label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %i = add nsw i32 %j, %base
  %idx = sext i32 %i to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %pa, align 4
  %pb = getelementptr inbounds float, ptr %b, i64 %idx
  store float %x, ptr %pb, align 4
  %j.next = add nuw nsw i32 %j, 1
  %c = icmp eq i32 %j.next, %k
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

define ptx_kernel void @rem16(ptr %a, ptr %b, i32 %n, i32 %base) {
entry:
  %k = and i32 %n, 15
  %z = icmp eq i32 %k, 0
  br i1 %z, label %exit, label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %i = add nsw i32 %j, %base
  %idx = sext i32 %i to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %pa, align 4
  %pb = getelementptr inbounds float, ptr %b, i64 %idx
  store float %x, ptr %pb, align 4
  %j.next = add nuw nsw i32 %j, 1
  %c = icmp eq i32 %j.next, %k
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

define ptx_kernel void @urem3(ptr %a, ptr %b, i32 %n, i32 %base) {
entry:
  %k = urem i32 %n, 3
  %z = icmp eq i32 %k, 0
  br i1 %z, label %exit, label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %i = add nsw i32 %j, %base
  %idx = sext i32 %i to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %pa, align 4
  %pb = getelementptr inbounds float, ptr %b, i64 %idx
  store float %x, ptr %pb, align 4
  %j.next = add nuw nsw i32 %j, 1
  %c = icmp ne i32 %j, %k
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

define ptx_kernel void @urem32(ptr %a, ptr %b, i32 %n, i32 %base) {
entry:
  %k = urem i32 %n, 32
  %z = icmp eq i32 %k, 0
  br i1 %z, label %exit, label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %i = add nsw i32 %j, %base
  %idx = sext i32 %i to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %pa, align 4
  %pb = getelementptr inbounds float, ptr %b, i64 %idx
  store float %x, ptr %pb, align 4
  %j.next = add nuw nsw i32 %j, 1
  %c = icmp eq i32 %j.next, %k
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

; ERR: remark: lsr: @rem4: loop %loop: no new IVs: at most 3 iterations per entry
; ERR-NOT: remark: lsr: @rem16: loop %loop: no new IVs
; ERR: remark: lsr: @rem16: loop %loop: {{[0-9]+}} new IVs
; ERR: remark: lsr: @urem3: loop %loop: no new IVs: at most 3 iterations per entry
; ERR: remark: lsr: @urem32: loop %loop: {{[0-9]+}} new IVs
; CHECK-LABEL: define ptx_kernel void @rem4(
; CHECK-NOT: lsr.iv
; CHECK-LABEL: define ptx_kernel void @rem16(
; CHECK: %lsr.iv = phi ptr
; CHECK-LABEL: define ptx_kernel void @urem3(
; CHECK-NOT: lsr.iv
; CHECK-LABEL: define ptx_kernel void @urem32(
; CHECK: %lsr.iv = phi ptr
