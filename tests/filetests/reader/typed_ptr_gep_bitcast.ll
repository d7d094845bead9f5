; Typed pointers: struct GEPs through `%struct.S*`, `bitcast i8* to float*` kept as a ptr-to-ptr bitcast, typed constant GEPs and bitcasts in initializers.
; RUN: opt %s --passes verify

%struct.S = type { i32, float, %struct.Inner }
%struct.Inner = type { [3 x i16] }

@s = global %struct.S zeroinitializer
@pf = global float* bitcast (%struct.S* @s to float*)
@pi = global i16* getelementptr inbounds (%struct.S, %struct.S* @s, i64 0, i32 2, i32 0, i64 1)

define float @g(%struct.S* %p, i8* %raw) {
entry:
  %fp = getelementptr inbounds %struct.S, %struct.S* %p, i64 0, i32 1
  %a = load float, float* %fp, align 4
  %f = bitcast i8* %raw to float*
  %b = load float, float* %f, align 4
  %arr = getelementptr %struct.S, %struct.S* %p, i64 1, i32 2, i32 0, i64 2
  %h = load i16, i16* %arr
  %c = fadd float %a, %b
  ret float %c
}

; CHECK: @pf = global ptr bitcast (ptr @s to ptr)
; CHECK-NEXT: @pi = global ptr getelementptr inbounds (%struct.S, ptr @s, i64 0, i32 2, i32 0, i64 1)
; CHECK-LABEL: define float @g(ptr %p, ptr %raw) {
; CHECK:   %fp = getelementptr inbounds %struct.S, ptr %p, i64 0, i32 1
; CHECK-NEXT:   %a = load float, ptr %fp, align 4
; CHECK-NEXT:   %f = bitcast ptr %raw to ptr
; CHECK-NEXT:   %b = load float, ptr %f, align 4
; CHECK-NEXT:   %arr = getelementptr %struct.S, ptr %p, i64 1, i32 2, i32 0, i64 2
; CHECK-NEXT:   %h = load i16, ptr %arr
