; Uniformity: a uniform branch nested in a divergent one; the expected text is LLVM 19's `opt -passes='print<uniformity>'` output.
; RUN: analyze %s --print uniformity

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; A divergent branch whose `then` side holds a uniform branch: the inner join's phi is uniform (its branch is
; uniform and no divergent branch has disjoint paths to it), the outer join's phi is divergent.
define ptx_kernel void @nested(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 32
  br i1 %c, label %outer.then, label %outer.join

outer.then:
  %u = icmp sgt i32 %n, 4
  br i1 %u, label %inner.then, label %inner.join

inner.then:
  %w = add i32 %n, 7
  br label %inner.join

inner.join:
  %ip = phi i32 [ %w, %inner.then ], [ %n, %outer.then ]
  br label %outer.join

outer.join:
  %op = phi i32 [ %ip, %inner.join ], [ 0, %entry ]
  store i32 %op, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'nested':{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK entry{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(){{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %c = icmp ult i32 %tid, 32{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   br i1 %c, label %outer.then, label %outer.join{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK outer.then{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^               }}%u = icmp sgt i32 %n, 4{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br i1 %u, label %inner.then, label %inner.join{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK inner.then{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^               }}%w = add i32 %n, 7{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br label %inner.join{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK inner.join{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^               }}%ip = phi i32 [ %w, %inner.then ], [ %n, %outer.then ]{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br label %outer.join{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK outer.join{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %op = phi i32 [ %ip, %inner.join ], [ 0, %entry ]{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   store i32 %op, ptr addrspace(1) %out, align 4{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}ret void{{$}}
; CHECK-NEXT: END BLOCK{{$}}
