; sink: a pure instruction moves to the nearest common dominator of its uses. The parameter load, its cvta and
; the address arithmetic only the guarded store reads move into the guarded block (ifconvert is off so the
; block stays a block); the loop-invariant product the loop reads, and its parameter loads, move down past the
; loop's zero-trip guard into a preheader that sink creates on the guard's edge (the loop had none), but never
; into the loop.
; RUN: compile %s --mcpu sm_90 -O3 --disable-pass ifconvert

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %out, ptr %side, i32 %n, i32 %a, i32 %b) {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %step = mul i32 %a, %b
  %c = icmp ult i32 %tid, 4
  br i1 %c, label %then, label %loop.pre

then:
  %idx = zext i32 %tid to i64
  %p = getelementptr inbounds i32, ptr %side, i64 %idx
  store i32 %tid, ptr %p, align 4
  br label %loop.pre

loop.pre:
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %loop.pre ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %loop.pre ], [ %acc.next, %loop ]
  %acc.next = add i32 %acc, %step
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %loop.pre ], [ %acc.next, %loop ]
  store i32 %r, ptr %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .visible .entry k(
; CHECK: .param .u32 k_param_4
; CHECK-NOT: k_param_1
; CHECK: setp.lt.u32 [[P:%p[0-9]+]],
; CHECK-NEXT: @![[P]] bra $L__BB0_2;
; CHECK-NEXT: ld.param.u64 [[S:%rd[0-9]+]], [k_param_1];
; CHECK-NEXT: cvta.to.global.u64 [[GS:%rd[0-9]+]], [[S]];
; CHECK-NEXT: mul.wide.u32 [[W:%rd[0-9]+]], {{%r[0-9]+}}, 4;
; CHECK-NEXT: add.s64 [[A:%rd[0-9]+]], [[GS]], [[W]];
; CHECK-NEXT: st.global.u32 [[[A]]],
; CHECK: $L__BB0_2:
; CHECK: @!{{%p[0-9]+}} bra.uni $L__BB0_[[EXIT:[0-9]+]];
; CHECK-NEXT: ld.param.u32 [[A:%r[0-9]+]], [k_param_3];
; CHECK-NEXT: ld.param.u32 [[B:%r[0-9]+]], [k_param_4];
; CHECK-NEXT: mul.lo.s32 [[STEP:%r[0-9]+]], [[A]], [[B]];
; CHECK: $L__BB0_{{[0-9]+}}:
; CHECK-NOT: mul.lo.s32
; CHECK: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[STEP]];
; CHECK: $L__BB0_[[EXIT]]:
