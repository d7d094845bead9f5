; Uniformity: a loop with a divergent and a uniform exit; the expected text is LLVM 19's `opt -passes='print<uniformity>'` output.
; RUN: analyze %s --print uniformity

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; A loop with two exits: a uniform bottom test and a divergent `break`. The loop has a divergent exit, so the exit
; blocks join lanes from different iterations: the phi in %exit is divergent, and so is the use of the uniform
; counter after the loop.
define ptx_kernel void @loop_exits(ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %gep = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i
  %v = load i32, ptr addrspace(1) %gep, align 4
  %brk = icmp eq i32 %v, %tid
  br i1 %brk, label %exit, label %latch

latch:
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %header, label %exit

exit:
  %where = phi i32 [ %i, %header ], [ -1, %latch ]
  %after = add i32 %i, 100
  store i32 %where, ptr addrspace(1) %a, align 4
  store i32 %after, ptr addrspace(1) %a, align 4
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'loop_exits':{{$}}
; CHECK-NEXT: CYCLES WITH DIVERGENT EXIT:{{$}}
; CHECK-NEXT: {{^  }}depth=1: entries(header) latch{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK entry{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(){{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br label %header{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK header{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^               }}%i = phi i32 [ 0, %entry ], [ %i.next, %latch ]{{$}}
; CHECK-NEXT: {{^               }}%gep = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i{{$}}
; CHECK-NEXT: {{^               }}%v = load i32, ptr addrspace(1) %gep, align 4{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %brk = icmp eq i32 %v, %tid{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   br i1 %brk, label %exit, label %latch{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK latch{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^               }}%i.next = add i32 %i, 1{{$}}
; CHECK-NEXT: {{^               }}%more = icmp slt i32 %i.next, %n{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br i1 %more, label %header, label %exit{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK exit{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %where = phi i32 [ %i, %header ], [ -1, %latch ]{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %after = add i32 %i, 100{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   store i32 %where, ptr addrspace(1) %a, align 4{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   store i32 %after, ptr addrspace(1) %a, align 4{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}ret void{{$}}
; CHECK-NEXT: END BLOCK{{$}}
