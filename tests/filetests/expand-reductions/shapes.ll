; expand-reductions computes in LLVM's order: fadd/fmul without reassoc are the ordered chain from the start
; value; with reassoc (and every other form) a halving tree, lane j with lane j + P/2 (P the element count
; rounded up to a power of two, missing lanes passing through), then start + tree. Integer min/max become
; llvm.smax & co. (declared when missing), i1 forms logical operators, fmaximum llvm.maximum with the call's
; fast-math flags.
; RUN: opt %s --passes expand-reductions

target triple = "nvptx64-nvidia-cuda"

define float @ordered(float %s, <4 x float> %v) {
  %r = call float @llvm.vector.reduce.fadd.v4f32(float %s, <4 x float> %v)
  ret float %r
}
; CHECK-LABEL: define float @ordered(
; CHECK-NEXT: [[E0:%[0-9]+]] = extractelement <4 x float> %v, i32 0
; CHECK-NEXT: [[E1:%[0-9]+]] = extractelement <4 x float> %v, i32 1
; CHECK-NEXT: [[E2:%[0-9]+]] = extractelement <4 x float> %v, i32 2
; CHECK-NEXT: [[E3:%[0-9]+]] = extractelement <4 x float> %v, i32 3
; CHECK-NEXT: [[A0:%[0-9]+]] = fadd float %s, [[E0]]
; CHECK-NEXT: [[A1:%[0-9]+]] = fadd float [[A0]], [[E1]]
; CHECK-NEXT: [[A2:%[0-9]+]] = fadd float [[A1]], [[E2]]
; CHECK-NEXT: [[A3:%[0-9]+]] = fadd float [[A2]], [[E3]]
; CHECK-NEXT: ret float [[A3]]

define float @tree8(float %s, <8 x float> %v) {
  %r = call reassoc nsz float @llvm.vector.reduce.fmul.v8f32(float %s, <8 x float> %v)
  ret float %r
}
; CHECK-LABEL: define float @tree8(
; CHECK-NEXT: [[E0:%[0-9]+]] = extractelement <8 x float> %v, i32 0
; CHECK-NEXT: [[E1:%[0-9]+]] = extractelement <8 x float> %v, i32 1
; CHECK-NEXT: [[E2:%[0-9]+]] = extractelement <8 x float> %v, i32 2
; CHECK-NEXT: [[E3:%[0-9]+]] = extractelement <8 x float> %v, i32 3
; CHECK-NEXT: [[E4:%[0-9]+]] = extractelement <8 x float> %v, i32 4
; CHECK-NEXT: [[E5:%[0-9]+]] = extractelement <8 x float> %v, i32 5
; CHECK-NEXT: [[E6:%[0-9]+]] = extractelement <8 x float> %v, i32 6
; CHECK-NEXT: [[E7:%[0-9]+]] = extractelement <8 x float> %v, i32 7
; CHECK-NEXT: [[T0:%[0-9]+]] = fmul reassoc nsz float [[E0]], [[E4]]
; CHECK-NEXT: [[T1:%[0-9]+]] = fmul reassoc nsz float [[E1]], [[E5]]
; CHECK-NEXT: [[T2:%[0-9]+]] = fmul reassoc nsz float [[E2]], [[E6]]
; CHECK-NEXT: [[T3:%[0-9]+]] = fmul reassoc nsz float [[E3]], [[E7]]
; CHECK-NEXT: [[U0:%[0-9]+]] = fmul reassoc nsz float [[T0]], [[T2]]
; CHECK-NEXT: [[U1:%[0-9]+]] = fmul reassoc nsz float [[T1]], [[T3]]
; CHECK-NEXT: [[W:%[0-9]+]] = fmul reassoc nsz float [[U0]], [[U1]]
; CHECK-NEXT: [[R:%[0-9]+]] = fmul reassoc nsz float %s, [[W]]
; CHECK-NEXT: ret float [[R]]

define i32 @tree5(<5 x i32> %v) {
  %r = call i32 @llvm.vector.reduce.smax.v5i32(<5 x i32> %v)
  ret i32 %r
}
; 5 lanes round up to 8: (e0 ^ e4), e1, e2, e3; then (.. ^ e2), (e1 ^ e3); then both.
; CHECK-LABEL: define i32 @tree5(
; CHECK-NEXT: [[E0:%[0-9]+]] = extractelement <5 x i32> %v, i32 0
; CHECK-NEXT: [[E1:%[0-9]+]] = extractelement <5 x i32> %v, i32 1
; CHECK-NEXT: [[E2:%[0-9]+]] = extractelement <5 x i32> %v, i32 2
; CHECK-NEXT: [[E3:%[0-9]+]] = extractelement <5 x i32> %v, i32 3
; CHECK-NEXT: [[E4:%[0-9]+]] = extractelement <5 x i32> %v, i32 4
; CHECK-NEXT: [[A:%[0-9]+]] = call i32 @llvm.smax.i32(i32 [[E0]], i32 [[E4]])
; CHECK-NEXT: [[B:%[0-9]+]] = call i32 @llvm.smax.i32(i32 [[A]], i32 [[E2]])
; CHECK-NEXT: [[C:%[0-9]+]] = call i32 @llvm.smax.i32(i32 [[E1]], i32 [[E3]])
; CHECK-NEXT: [[D:%[0-9]+]] = call i32 @llvm.smax.i32(i32 [[B]], i32 [[C]])
; CHECK-NEXT: ret i32 [[D]]

define i1 @bools(<4 x i1> %v) {
  %a = call i1 @llvm.vector.reduce.add.v4i1(<4 x i1> %v)
  %b = call i1 @llvm.vector.reduce.smax.v4i1(<4 x i1> %v)
  %c = call i1 @llvm.vector.reduce.umax.v4i1(<4 x i1> %v)
  %x = xor i1 %a, %b
  %y = xor i1 %x, %c
  ret i1 %y
}
; CHECK-LABEL: define i1 @bools(
; CHECK: xor i1
; CHECK-NEXT: xor i1
; CHECK-NEXT: xor i1
; CHECK: and i1
; CHECK-NEXT: and i1
; CHECK-NEXT: and i1
; CHECK: or i1
; CHECK-NEXT: or i1
; CHECK-NEXT: or i1

define half @fmaximum(<2 x half> %v) {
  %r = call nnan half @llvm.vector.reduce.fmaximum.v2f16(<2 x half> %v)
  ret half %r
}
; CHECK-LABEL: define half @fmaximum(
; CHECK: call nnan half @llvm.maximum.f16(half

define i8 @one(<1 x i8> %v) {
  %r = call i8 @llvm.vector.reduce.umin.v1i8(<1 x i8> %v)
  ret i8 %r
}
; CHECK-LABEL: define i8 @one(
; CHECK-NEXT: [[E:%[0-9]+]] = extractelement <1 x i8> %v, i32 0
; CHECK-NEXT: ret i8 [[E]]

; CHECK: declare i32 @llvm.smax.i32(i32, i32)
; CHECK: declare half @llvm.maximum.f16(half, half)
; CHECK-NOT: @llvm.umin.i8

declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)
declare float @llvm.vector.reduce.fmul.v8f32(float, <8 x float>)
declare i32 @llvm.vector.reduce.smax.v5i32(<5 x i32>)
declare i1 @llvm.vector.reduce.add.v4i1(<4 x i1>)
declare i1 @llvm.vector.reduce.smax.v4i1(<4 x i1>)
declare i1 @llvm.vector.reduce.umax.v4i1(<4 x i1>)
declare half @llvm.vector.reduce.fmaximum.v2f16(<2 x half>)
declare i8 @llvm.vector.reduce.umin.v1i8(<1 x i8>)
