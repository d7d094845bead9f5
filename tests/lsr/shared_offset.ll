; A grid-stride loop over three arrays with one divergent index and constant offsets (z[i+3] = a * x[i+1] + y[i+2]):
; lsr gives the three uniform bases one shared 64-bit offset IV (tests/filetests/lsr/shared_offset.ll checks the IR).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
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

