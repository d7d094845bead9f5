; Uniformity: an irreducible cycle entered by a divergent branch (assumed divergent: everything in it is divergent); the expected text is LLVM 19's `opt -passes='print<uniformity>'` output.
; RUN: analyze %s --print uniformity

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; An irreducible cycle (%a <-> %b) entered through a divergent branch: lanes enter at different blocks, so the
; cycle is assumed divergent and the phis at both entries are divergent.
define ptx_kernel void @irr(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %tid, 8
  br i1 %c, label %a, label %b

a:
  %ia = phi i32 [ 0, %entry ], [ %ib.next, %b ]
  %ia.next = add i32 %ia, 1
  %ca = icmp slt i32 %ia.next, %n
  br i1 %ca, label %b, label %exit

b:
  %ib = phi i32 [ 0, %entry ], [ %ia.next, %a ]
  %ib.next = add i32 %ib, 2
  %cb = icmp slt i32 %ib.next, %n
  br i1 %cb, label %a, label %exit

exit:
  %r = phi i32 [ %ia.next, %a ], [ %ib.next, %b ]
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'irr':{{$}}
; CHECK-NEXT: CYCLES ASSSUMED DIVERGENT:{{$}}
; CHECK-NEXT: {{^  }}depth=1: entries(b a){{$}}
; CHECK-NEXT: CYCLES WITH DIVERGENT EXIT:{{$}}
; CHECK-NEXT: {{^  }}depth=1: entries(b a){{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK entry{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(){{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %c = icmp slt i32 %tid, 8{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   br i1 %c, label %a, label %b{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK a{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %ia = phi i32 [ 0, %entry ], [ %ib.next, %b ]{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %ia.next = add i32 %ia, 1{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %ca = icmp slt i32 %ia.next, %n{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   br i1 %ca, label %b, label %exit{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK b{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %ib = phi i32 [ 0, %entry ], [ %ia.next, %a ]{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %ib.next = add i32 %ib, 2{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %cb = icmp slt i32 %ib.next, %n{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   br i1 %cb, label %a, label %exit{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK exit{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %r = phi i32 [ %ia.next, %a ], [ %ib.next, %b ]{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   store i32 %r, ptr addrspace(1) %out, align 4{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}ret void{{$}}
; CHECK-NEXT: END BLOCK{{$}}
