; i1 values are predicates: and/or/xor are .pred logic, select of i1 is xor/and/xor, zext/sext are selp.
; (gvn-cse and reassociate are off: this test pins the shape instruction selection gives each operation.)
; RUN: compile %s --mcpu sm_80 --disable-pass gvn-cse --disable-pass reassociate

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @preds(ptr %out, i32 %a, i32 %b, i32 %c) {
  %p = icmp eq i32 %a, %b
  %q = icmp ult i32 %b, %c
  %and = and i1 %p, %q
  %or = or i1 %p, %q
  %xor = xor i1 %and, %or
  %not = xor i1 %xor, true
  %sel = select i1 %p, i1 %q, i1 %not
  %z = zext i1 %sel to i32
  %s = sext i1 %xor to i64
  %z16 = zext i1 %or to i16
  store i32 %z, ptr %out
  %p1 = getelementptr i64, ptr %out, i64 1
  store i64 %s, ptr %p1
  %p2 = getelementptr i16, ptr %out, i64 8
  store i16 %z16, ptr %p2
  %p3 = getelementptr i8, ptr %out, i64 20
  store i1 %and, ptr %p3
  ret void
}

; CHECK-LABEL: .visible .entry preds(
; CHECK: setp.eq.s32 {{%p[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: setp.lt.u32
; CHECK-NEXT: and.pred {{%p[0-9]+}}, {{%p[0-9]+}}, {{%p[0-9]+}};
; CHECK-NEXT: or.pred
; CHECK-NEXT: xor.pred
; `xor i1 %x, true` is not.pred.
; CHECK-NEXT: not.pred
; select i1 c, a, b = b ^ (c & (a ^ b)) (three operations; with a constant operand the (c & a) | (!c & b) form,
; which copy propagation folds: value-redundancy/copyprop_select_false.ll).
; CHECK-NEXT: xor.pred %p7, %p2, %p6;
; CHECK-NEXT: and.pred %p8, %p1, %p7;
; CHECK-NEXT: xor.pred %p9, %p6, %p8;
; zext i1 to i32, sext i1 to i64, zext i1 to i16.
; CHECK-NEXT: selp.u32 {{%r[0-9]+}}, 1, 0, {{%p[0-9]+}};
; CHECK-NEXT: selp.s64 {{%rd[0-9]+}}, -1, 0, {{%p[0-9]+}};
; CHECK-NEXT: selp.u16 {{%rs[0-9]+}}, 1, 0, {{%p[0-9]+}};
; CHECK: st.global.u16 [{{%rd[0-9]+}}+16]
; A stored i1 is a byte 0/1.
; CHECK-NEXT: selp.u16 {{%rs[0-9]+}}, 1, 0, {{%p[0-9]+}};
; CHECK-NEXT: st.global.u8 [{{%rd[0-9]+}}+20], {{%rs[0-9]+}};
