; unreachable lowers to trap; followed by exit; (no fall-through into the next block); llvm.trap is trap;.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @check(ptr %p, i32 %n) {
entry:
  %c = icmp slt i32 %n, 0
  br i1 %c, label %bad, label %good

bad:
  unreachable

good:
  store i32 %n, ptr %p
  %z = icmp eq i32 %n, 0
  br i1 %z, label %boom, label %done

boom:
  call void @llvm.trap()
  unreachable

done:
  ret void
}

declare void @llvm.trap()

; CHECK-LABEL: .visible .entry check(
; CHECK: @!{{%p[0-9]+}} bra.uni $L__BB0_{{[0-9]+}};
; CHECK: trap;
; CHECK-NEXT: exit;
; CHECK: st.global.u32
; CHECK: trap;
; CHECK-NEXT: trap;
; CHECK-NEXT: exit;
; CHECK: ret;
