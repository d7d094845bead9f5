; A phi operand that is `undef` or `poison` gets no copy on its edge (-O0: no pass folds anything): the value
; read after the join is the loaded register on the path that loaded it and whatever the register holds on the
; other, where the IR leaves it undefined. A predicate `undef` stays a constant.
; RUN: compile %s --mcpu sm_80 -O0

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %tid, %n
  br i1 %c, label %rd, label %join
rd:
  %v = load float, ptr addrspace(1) %p, align 4
  %w = load i64, ptr addrspace(1) %p, align 8
  br label %join
join:
  %x = phi float [ %v, %rd ], [ undef, %entry ]
  %y = phi i64 [ %w, %rd ], [ poison, %entry ]
  %b = phi i1 [ true, %rd ], [ undef, %entry ]
  %s = select i1 %b, float %x, float 1.0
  store float %s, ptr addrspace(1) %p, align 4
  store i64 %y, ptr addrspace(1) %p, align 8
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry k(
; CHECK-NOT: mov.f32 %f{{[0-9]+}}, 0f00000000;
; CHECK-NOT: mov.b64 %rd{{[0-9]+}}, 0;
; CHECK-NOT: undef
; CHECK: setp.ne.s32 %p2, 0, 0;
; CHECK: ret;
