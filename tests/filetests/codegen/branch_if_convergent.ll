; llvm.nvvm.branch.if.all.convergent (sm_70+) and branch.if.convergent (sm_80+) test that the whole warp is
; active (activemask == 0xffffffff) and feed exactly one conditional branch.
; RUN: compile %s --mcpu sm_80 --disable-pass ifconvert

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bic(ptr %out) {
entry:
  %all = call i1 @llvm.nvvm.branch.if.all.convergent()
  br i1 %all, label %fast, label %next

fast:
  store i32 1, ptr %out
  br label %next

next:
  %c = call i1 @llvm.nvvm.branch.if.convergent()
  br i1 %c, label %fast2, label %exit

fast2:
  store i32 2, ptr %out
  br label %exit

exit:
  ret void
}

declare i1 @llvm.nvvm.branch.if.all.convergent()
declare i1 @llvm.nvvm.branch.if.convergent()

; CHECK-LABEL: .visible .entry bic(
; CHECK: activemask.b32 {{%r[0-9]+}};
; CHECK-NEXT: setp.eq.b32 {{%p[0-9]+}}, {{%r[0-9]+}}, -1;
; CHECK-NEXT: @!{{%p[0-9]+}} bra
; CHECK: st.global.u32 [{{%rd[0-9]+}}], 1;
; CHECK: activemask.b32
; CHECK-NEXT: setp.eq.b32 {{%p[0-9]+}}, {{%r[0-9]+}}, -1;
; CHECK: st.global.u32 [{{%rd[0-9]+}}], 2;
