; Vector operations: extractelement, insertelement, shufflevector (constant, undef/poison and zeroinitializer masks), vector arithmetic, compares and casts.
; RUN: opt %s --passes verify

define <4 x float> @vec(<4 x float> %a, <2 x i32> %b, float %s, i32 %i) {
entry:
  %e = extractelement <4 x float> %a, i32 %i
  %e2 = extractelement <2 x i32> %b, i64 1
  %ins = insertelement <4 x float> %a, float %s, i32 0
  %ins2 = insertelement <4 x float> poison, float %e, i64 3
  %sh = shufflevector <4 x float> %ins, <4 x float> %ins2, <4 x i32> <i32 7, i32 0, i32 undef, i32 poison>
  %splat = shufflevector <4 x float> %ins2, <4 x float> poison, <4 x i32> zeroinitializer
  %wide = shufflevector <2 x i32> %b, <2 x i32> undef, <4 x i32> <i32 0, i32 1, i32 0, i32 1>
  %sum = fadd <4 x float> %sh, %splat
  %cmp = icmp slt <4 x i32> %wide, <i32 1, i32 2, i32 3, i32 4>
  %f = sitofp <4 x i32> %wide to <4 x float>
  %sel = select <4 x i1> %cmp, <4 x float> %sum, <4 x float> %f
  %k = add i32 %e2, %i
  ret <4 x float> %sel
}

; CHECK:   %e = extractelement <4 x float> %a, i32 %i
; CHECK-NEXT:   %e2 = extractelement <2 x i32> %b, i64 1
; CHECK-NEXT:   %ins = insertelement <4 x float> %a, float %s, i32 0
; CHECK-NEXT:   %ins2 = insertelement <4 x float> poison, float %e, i64 3
; CHECK-NEXT:   %sh = shufflevector <4 x float> %ins, <4 x float> %ins2, <4 x i32> <i32 7, i32 0, i32 poison, i32 poison>
; CHECK-NEXT:   %splat = shufflevector <4 x float> %ins2, <4 x float> poison, <4 x i32> zeroinitializer
; CHECK-NEXT:   %wide = shufflevector <2 x i32> %b, <2 x i32> undef, <4 x i32> <i32 0, i32 1, i32 0, i32 1>
; CHECK-NEXT:   %sum = fadd <4 x float> %sh, %splat
; CHECK-NEXT:   %cmp = icmp slt <4 x i32> %wide, <i32 1, i32 2, i32 3, i32 4>
; CHECK-NEXT:   %f = sitofp <4 x i32> %wide to <4 x float>
; CHECK-NEXT:   %sel = select <4 x i1> %cmp, <4 x float> %sum, <4 x float> %f
