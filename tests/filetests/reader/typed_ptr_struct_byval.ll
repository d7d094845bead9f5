; Typed pointers: `%struct.S*` parameters, `byval`/`sret` without a type take the pointee type, and `align` after them.
; RUN: opt %s --passes verify

%struct.S = type { i32, float, [2 x i64] }
%struct.Pair = type { %struct.S*, i8* }

declare void @use(%struct.S* byval align 8, %struct.Pair*)

define void @f(%struct.Pair* sret %out, %struct.S* byval align 8 %s, i64* nocapture readonly %n) {
entry:
  %first = getelementptr inbounds %struct.Pair, %struct.Pair* %out, i32 0, i32 0
  store %struct.S* %s, %struct.S** %first, align 8
  call void @use(%struct.S* byval align 8 %s, %struct.Pair* %out)
  ret void
}

; CHECK: %struct.S = type { i32, float, [2 x i64] }
; CHECK-NEXT: %struct.Pair = type { ptr, ptr }
; CHECK: declare void @use(ptr byval(%struct.S) align 8, ptr)
; CHECK-LABEL: define void @f(ptr sret(%struct.Pair) %out, ptr byval(%struct.S) align 8 %s, ptr nocapture readonly %n) {
; CHECK:   %first = getelementptr inbounds %struct.Pair, ptr %out, i32 0, i32 0
; CHECK-NEXT:   store ptr %s, ptr %first, align 8
; CHECK-NEXT:   call void @use(ptr byval(%struct.S) align 8 %s, ptr %out)
