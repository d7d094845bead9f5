; Uniformity: a uniform branch (ALL VALUES UNIFORM); the expected text is LLVM 19's `opt -passes='print<uniformity>'` output.
; RUN: analyze %s --print uniformity

target triple = "nvptx64-nvidia-cuda"

; A branch on a kernel argument: every thread takes the same side, so nothing is divergent and the join's phi is
; uniform.
define ptx_kernel void @uniform_branch(ptr addrspace(1) %out, i32 %n) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %pos, label %join

pos:
  %d = shl i32 %n, 1
  br label %join

join:
  %p = phi i32 [ %d, %pos ], [ 0, %entry ]
  store i32 %p, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: UniformityInfo for function 'uniform_branch':{{$}}
; CHECK-NEXT: ALL VALUES UNIFORM{{$}}
