; Integer and pointer flags: nuw/nsw on add/sub/mul/shl/trunc, exact on divisions and shifts, disjoint or, nneg zext/uitofp, inbounds/nusw/nuw GEPs; LLVM 20 `icmp samesign` is read and written without the flag (llvm-as 19 rejects it).
; RUN: opt %s --passes verify

define void @flags(i32 %a, i32 %b, ptr %p, i64 %i) {
entry:
  %0 = add nuw nsw i32 %a, %b
  %1 = sub nsw i32 %0, %a
  %2 = mul nuw i32 %1, 3
  %3 = shl nuw nsw i32 %2, 2
  %4 = udiv exact i32 %3, 4
  %5 = sdiv exact i32 %4, 2
  %6 = lshr exact i32 %5, 1
  %7 = ashr exact i32 %6, 1
  %8 = or disjoint i32 %7, 1
  %9 = zext nneg i32 %8 to i64
  %10 = uitofp nneg i32 %8 to float
  %11 = trunc nuw nsw i64 %9 to i16
  %12 = icmp samesign ult i32 %a, %b
  %13 = getelementptr inbounds i32, ptr %p, i64 %i
  %14 = getelementptr nusw i8, ptr %13, i64 4
  %15 = getelementptr nuw [4 x i32], ptr %14, i64 0, i64 1
  %16 = getelementptr inbounds nuw i8, ptr %15, i64 %9
  store i16 %11, ptr %16
  store float %10, ptr %15
  store i1 %12, ptr %14
  ret void
}

; CHECK:   %0 = add nuw nsw i32 %a, %b
; CHECK-NEXT:   %1 = sub nsw i32 %0, %a
; CHECK-NEXT:   %2 = mul nuw i32 %1, 3
; CHECK-NEXT:   %3 = shl nuw nsw i32 %2, 2
; CHECK-NEXT:   %4 = udiv exact i32 %3, 4
; CHECK-NEXT:   %5 = sdiv exact i32 %4, 2
; CHECK-NEXT:   %6 = lshr exact i32 %5, 1
; CHECK-NEXT:   %7 = ashr exact i32 %6, 1
; CHECK-NEXT:   %8 = or disjoint i32 %7, 1
; CHECK-NEXT:   %9 = zext nneg i32 %8 to i64
; CHECK-NEXT:   %10 = uitofp nneg i32 %8 to float
; CHECK-NEXT:   %11 = trunc nuw nsw i64 %9 to i16
; CHECK-NEXT:   %12 = icmp ult i32 %a, %b
; CHECK-NEXT:   %13 = getelementptr inbounds i32, ptr %p, i64 %i
; CHECK-NEXT:   %14 = getelementptr nusw i8, ptr %13, i64 4
; CHECK-NEXT:   %15 = getelementptr nuw [4 x i32], ptr %14, i64 0, i64 1
; CHECK-NEXT:   %16 = getelementptr inbounds nuw i8, ptr %15, i64 %9
; CHECK-NOT: samesign
