; Uniformity: sync dependence at the join of a divergent branch; the expected text is LLVM 19's `opt -passes='print<uniformity>'` output.
; RUN: analyze %s --print uniformity

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; A branch on the thread index: the phi at its join merges values from the two sides, so it is divergent by sync
; dependence even though both incoming values are uniform; the kernel arguments and what is computed from them
; alone stay uniform.
define ptx_kernel void @sync_join(ptr addrspace(1) %out, i32 %a, i32 %b) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %sum = add i32 %a, %b
  %c = icmp slt i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %x = mul i32 %sum, 2
  br label %join

else:
  %y = mul i32 %sum, 3
  br label %join

join:
  %p = phi i32 [ %x, %then ], [ %y, %else ]
  %q = add i32 %sum, 1
  store i32 %p, ptr addrspace(1) %out, align 4
  store i32 %q, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'sync_join':{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK entry{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(){{$}}
; CHECK-NEXT: {{^               }}%sum = add i32 %a, %b{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %c = icmp slt i32 %tid, 16{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   br i1 %c, label %then, label %else{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK then{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^               }}%x = mul i32 %sum, 2{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br label %join{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK else{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^               }}%y = mul i32 %sum, 3{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br label %join{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK join{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %p = phi i32 [ %x, %then ], [ %y, %else ]{{$}}
; CHECK-NEXT: {{^               }}%q = add i32 %sum, 1{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   store i32 %p, ptr addrspace(1) %out, align 4{{$}}
; CHECK-NEXT: {{^               }}store i32 %q, ptr addrspace(1) %out, align 4{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}ret void{{$}}
; CHECK-NEXT: END BLOCK{{$}}
