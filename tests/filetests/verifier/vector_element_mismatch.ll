; insertelement with an element of the wrong type and a shufflevector mask index out of range are rejected.
; RUN: opt %s --passes verify
; EXIT: 1

define <4 x i32> @f(<4 x i32> %v, i64 %e) {
  %a = insertelement <4 x i32> %v, i64 %e, i32 0
  %b = shufflevector <4 x i32> %v, <4 x i32> %v, <2 x i32> <i32 0, i32 8>
  ret <4 x i32> %v
}

; ERR: {{.*}}vector_element_mismatch.ll:6:3: error: in function @f, block %bb0, instruction `%a = insertelement %v, %e, 0`: insertelement element type i64 does not match the vector <4 x i32>
; ERR: {{.*}}vector_element_mismatch.ll:7:3: error: in function @f, block %bb0, instruction `%b = shufflevector %v, %v`: shufflevector mask element 8 is out of range
