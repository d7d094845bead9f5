; guarded-select: if-conversion makes `v = c ? a[t] : 0.0` a guarded load and a select on the same predicate;
; the load writes the select's register instead, after a `mov` of the default, and the select goes (no FSELs,
; and the predicate dies at the load). A select whose guarded operand has another reader stays.
; RUN: compile %s --mcpu sm_90 -O3

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, %n
  br i1 %c, label %then, label %join
then:
  %p = getelementptr inbounds double, ptr addrspace(1) %a, i32 %t
  %v = load double, ptr addrspace(1) %p, align 8
  br label %join
join:
  %r = phi double [ %v, %then ], [ 1.5, %entry ]
  %q = getelementptr inbounds double, ptr addrspace(1) %out, i32 %t
  store double %r, ptr addrspace(1) %q, align 8
  ret void
}

; CHECK-LABEL: .entry k(
; CHECK: setp.lt.s32 [[P:%p[0-9]+]],
; CHECK: mov.f64 [[V:%fd[0-9]+]], 0d3FF8000000000000;
; CHECK-NEXT: @[[P]] ld.global.f64 [[V]], [{{%rd[0-9]+}}];
; CHECK-NOT: selp
; CHECK: st.global.f64 [{{%rd[0-9]+}}], [[V]];

define ptx_kernel void @twice(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, %n
  br i1 %c, label %then, label %join
then:
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i32 %t
  %v = load float, ptr addrspace(1) %p, align 4
  %w = fmul float %v, %v
  br label %join
join:
  %r = phi float [ %v, %then ], [ 0.0, %entry ]
  %s = phi float [ %w, %then ], [ 0.0, %entry ]
  %x = fadd float %r, %s
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i32 %t
  store float %x, ptr addrspace(1) %q, align 4
  ret void
}

; The load's result is also read by the (guarded) product: its select stays.
; CHECK-LABEL: .entry twice(
; CHECK: @{{%p[0-9]+}} ld.global.f32 [[L:%f[0-9]+]],
; CHECK: selp.f32 {{%f[0-9]+}}, [[L]], 0f00000000,

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @masked(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n, i32 %fill) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, %n
  br i1 %c, label %join, label %load
load:
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %t
  %v = load i32, ptr addrspace(1) %p, align 4
  br label %join
join:
  %r = phi i32 [ %v, %load ], [ %fill, %entry ]
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}

; Both select operands are registers (the default is a parameter): the guarded load's is the one rewritten.
; CHECK-LABEL: .entry masked(
; CHECK: mov.b32 [[M:%r[0-9]+]], {{%r[0-9]+}};
; CHECK-NEXT: @!{{%p[0-9]+}} ld.global.u32 [[M]], [{{%rd[0-9]+}}];
; CHECK-NOT: selp
