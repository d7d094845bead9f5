; Three arrays walked with one divergent index (a grid-stride loop: z[i+3] = a * x[i+1] + y[i+2], i starting at
; the thread's index): the three bases are uniform kernel parameters, so the groups share one 64-bit offset IV
; instead of a pointer IV each, and each access is `base + offset` plus its constant. (A group of one plain
; `base + 4 * i` root keeps its single mad.wide: lsr/single_root.ll.)
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @saxpy(i32 %n, float %a, ptr %x, ptr %y, ptr %z) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ok = icmp slt i32 %tid, %n
  br i1 %ok, label %loop, label %exit

loop:
  %i = phi i32 [ %tid, %entry ], [ %i.next, %loop ]
  %w = sext i32 %i to i64
  %px0 = getelementptr inbounds float, ptr %x, i64 %w
  %px = getelementptr inbounds float, ptr %px0, i64 1
  %vx = load float, ptr %px, align 4
  %py = getelementptr inbounds float, ptr %y, i64 %w
  %py1 = getelementptr inbounds float, ptr %py, i64 2
  %vy = load float, ptr %py1, align 4
  %m = fmul float %vx, %a
  %s = fadd float %m, %vy
  %pz0 = getelementptr inbounds float, ptr %z, i64 %w
  %pz = getelementptr inbounds float, ptr %pz0, i64 3
  store float %s, ptr %pz, align 4
  %i.next = add nsw i32 %i, %nt
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; CHECK-LABEL: define ptx_kernel void @saxpy(
; CHECK: loop:
; CHECK: [[OFF:%lsr.iv[0-9]*]] = phi i64
; CHECK-NOT: phi ptr
; CHECK: getelementptr i8, ptr %x, i64 [[OFF]]
; CHECK: [[Y:%[a-z0-9.]+]] = getelementptr i8, ptr %y, i64 [[OFF]]
; CHECK-NEXT: getelementptr i8, ptr [[Y]], i64 4
; CHECK: [[Z:%[a-z0-9.]+]] = getelementptr i8, ptr %z, i64 [[OFF]]
; CHECK-NEXT: getelementptr i8, ptr [[Z]], i64 8
; CHECK: [[OFF]].next = add i64 [[OFF]],
