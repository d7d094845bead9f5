; call.uni is used only where the uniformity analysis proves the calling block non-divergent: the call under a
; tid-dependent branch is a plain call, the one under a parameter-dependent branch and the one at the join are
; call.uni.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @work(ptr %p) noinline {
  store i32 1, ptr %p
  ret void
}

define ptx_kernel void @calls(ptr %p, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %div, label %mid

div:
  call void @work(ptr %p)
  br label %mid

mid:
  %u = icmp sgt i32 %n, 3
  br i1 %u, label %uni, label %exit

uni:
  call void @work(ptr %p)
  br label %exit

exit:
  call void @work(ptr %p)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .visible .entry calls(
; CHECK: setp.lt.u32 {{%p[0-9]+}}
; CHECK-NEXT: @!{{%p[0-9]+}} bra $L__BB1_2;
; CHECK: call work, (param0);
; CHECK: $L__BB1_2:
; CHECK-NEXT: ld.param.u32
; CHECK-NEXT: setp.gt.s32
; CHECK-NEXT: @!{{%p[0-9]+}} bra.uni $L__BB1_4;
; CHECK: call.uni work, (param0);
; CHECK: call.uni work, (param0);
