; Uniformity: ctaid/ntid are uniform (more precise than LLVM 19, which marks every call divergent).
; RUN: analyze %s --print uniformity

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The block index and block size are the same for every thread of a warp (a warp never spans two CTAs), so a
; branch on them is uniform; the global index, which adds the thread index, is divergent. (LLVM 19 treats every
; call as divergent and marks all of it divergent; simtc is more precise here.)
define ptx_kernel void @ctaid(ptr addrspace(1) %out, i32 %n) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %bid, %bdim
  %gid = add i32 %base, %tid
  %first = icmp eq i32 %bid, 0
  br i1 %first, label %head, label %join

head:
  %h = add i32 %base, %n
  br label %join

join:
  %p = phi i32 [ %h, %head ], [ %base, %entry ]
  %q = add i32 %p, %gid
  store i32 %q, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'ctaid':{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK entry{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^               }}%bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(){{$}}
; CHECK-NEXT: {{^               }}%bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x(){{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(){{$}}
; CHECK-NEXT: {{^               }}%base = mul i32 %bid, %bdim{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %gid = add i32 %base, %tid{{$}}
; CHECK-NEXT: {{^               }}%first = icmp eq i32 %bid, 0{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br i1 %first, label %head, label %join{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK head{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^               }}%h = add i32 %base, %n{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}br label %join{{$}}
; CHECK-NEXT: END BLOCK{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: BLOCK join{{$}}
; CHECK-NEXT: DEFINITIONS{{$}}
; CHECK-NEXT: {{^               }}%p = phi i32 [ %h, %head ], [ %base, %entry ]{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   %q = add i32 %p, %gid{{$}}
; CHECK-NEXT: {{^  }}DIVERGENT:   store i32 %q, ptr addrspace(1) %out, align 4{{$}}
; CHECK-NEXT: TERMINATORS{{$}}
; CHECK-NEXT: {{^               }}ret void{{$}}
; CHECK-NEXT: END BLOCK{{$}}
