; switch lowers to a chain of setp.eq + conditional branches, one per case, then a branch to the default; a
; uniform selector gives bra.uni, a tid-dependent one plain bra; an i8 selector is normalized first. A switch of
; two or three cases inverts its last test (`@!%p bra default; bra case`), so ptxas keeps the compares instead
; of building a jump table (BRX) of so few entries.
; RUN: compile %s --mcpu sm_80 --disable-pass ifconvert

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @sw(ptr %p, i32 %n, i8 %k) {
entry:
  switch i32 %n, label %def [
    i32 0, label %a
    i32 7, label %b
    i32 -3, label %c
  ]

a:
  store i32 10, ptr %p
  br label %next

b:
  store i32 20, ptr %p
  br label %next

c:
  store i32 30, ptr %p
  br label %next

def:
  store i32 40, ptr %p
  br label %next

next:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  switch i32 %tid, label %exit [
    i32 1, label %t1
  ]

t1:
  switch i8 %k, label %exit [
    i8 200, label %t2
  ]

t2:
  store i32 50, ptr %p
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .visible .entry sw(
; CHECK: setp.eq.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0;
; CHECK-NEXT: @{{%p[0-9]+}} bra.uni $L__BB0_{{[0-9]+}};
; CHECK-NEXT: setp.eq.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 7;
; CHECK-NEXT: @{{%p[0-9]+}} bra.uni $L__BB0_{{[0-9]+}};
; CHECK-NEXT: setp.eq.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 4294967293;
; CHECK-NEXT: @!{{%p[0-9]+}} bra.uni [[DEF:\$L__BB0_[0-9]+]];
; CHECK-NEXT: bra.uni $L__BB0_{{[0-9]+}};
; CHECK: [[DEF]]:
; CHECK-NEXT: st.global.u32 [{{%rd[0-9]+}}], 40;
; CHECK: mov.u32 {{%r[0-9]+}}, %tid.x;
; CHECK-NEXT: setp.eq.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 1;
; CHECK-NEXT: @!{{%p[0-9]+}} bra $L__BB0_{{[0-9]+}};
; CHECK: and.b16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 255;
; CHECK-NEXT: setp.eq.u16 {{%p[0-9]+}}, {{%rs[0-9]+}}, 200;
