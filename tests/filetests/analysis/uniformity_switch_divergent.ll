; Uniformity: a divergent switch; the expected text is LLVM 19's `opt -passes='print<uniformity>'` output.
; RUN: analyze %s --print uniformity

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; A switch on the lane's position in its quad: divergent, so the join's phi is divergent.
define ptx_kernel void @sw(ptr addrspace(1) %out, i32 %k) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 3
  switch i32 %lane, label %d [
    i32 0, label %c0
    i32 1, label %c1
  ]

c0:
  br label %join

c1:
  br label %join

d:
  br label %join

join:
  %p = phi i32 [ %k, %c0 ], [ 1, %c1 ], [ 2, %d ]
  store i32 %p, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'sw':{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK entry{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(){{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %lane = and i32 %tid, 3{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   switch i32 %lane, label %d [{{$}}
; CHECK-NEXT: {{^    }}i32 0, label %c0{{$}}
; CHECK-NEXT: {{^    }}i32 1, label %c1{{$}}
; CHECK-NEXT: {{^  }}]{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK c0{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br label %join{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK c1{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br label %join{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK d{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br label %join{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK join{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %p = phi i32 [ %k, %c0 ], [ 1, %c1 ], [ 2, %d ]{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   store i32 %p, ptr addrspace(1) %out, align 4{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}ret void{{$}}
; CHECK-NEXT: END BLOCK{{$}}
