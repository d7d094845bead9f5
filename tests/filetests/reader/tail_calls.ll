; Call markers: `tail`, `musttail`, `notail`, calling conventions, return/parameter attributes and fast-math flags on calls.
; RUN: opt %s --passes verify

declare float @llvm.fabs.f32(float)
declare fastcc i32 @callee(i32 noundef, ptr nonnull)

define fastcc i32 @f(i32 %x, ptr %p) {
entry:
  %a = tail call fastcc i32 @callee(i32 noundef %x, ptr nonnull %p)
  %b = notail call fastcc noundef i32 @callee(i32 %a, ptr nonnull %p)
  %c = call nnan ninf float @llvm.fabs.f32(float 1.0)
  %r = musttail call fastcc i32 @callee(i32 %b, ptr %p)
  ret i32 %r
}

; CHECK: declare fastcc i32 @callee(i32 noundef, ptr nonnull)
; CHECK-LABEL: define fastcc i32 @f(i32 %x, ptr %p) {
; CHECK:   %a = tail call fastcc i32 @callee(i32 noundef %x, ptr nonnull %p)
; CHECK-NEXT:   %b = notail call fastcc noundef i32 @callee(i32 %a, ptr nonnull %p)
; CHECK-NEXT:   %c = call nnan ninf float @llvm.fabs.f32(float 1.000000e+00)
; CHECK-NEXT:   %r = musttail call fastcc i32 @callee(i32 %b, ptr %p)
; CHECK-NEXT:   ret i32 %r
