; Uniformity: temporal divergence of a uniform loop counter used after a loop with a divergent exit; the expected text is LLVM 19's `opt -passes='print<uniformity>'` output.
; RUN: analyze %s --print uniformity

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Temporal divergence: the loop counter %i is uniform in every iteration (all active threads agree), but the loop
; exits on a condition that depends on the thread index, so threads leave in different iterations and the value
; of %i seen after the loop differs between them. The use in %exit is divergent; the uses inside the loop are not.
define ptx_kernel void @temporal(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %done = icmp sge i32 %i.next, %tid
  br i1 %done, label %exit, label %loop

exit:
  %r = mul i32 %i.next, 3
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'temporal':{{$}}
; CHECK-NEXT: CYCLES WITH DIVERGENT EXIT:{{$}}
; CHECK-NEXT: {{^  }}depth=1: entries(loop){{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK entry{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(){{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br label %loop{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK loop{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^               }}%i = phi i32 [ 0, %entry ], [ %i.next, %loop ]{{$}}
; CHECK-NEXT: {{^               }}%i.next = add i32 %i, 1{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %done = icmp sge i32 %i.next, %tid{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   br i1 %done, label %exit, label %loop{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK exit{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %r = mul i32 %i.next, 3{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   store i32 %r, ptr addrspace(1) %out, align 4{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}ret void{{$}}
; CHECK-NEXT: END BLOCK{{$}}
