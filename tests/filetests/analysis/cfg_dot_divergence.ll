; CFG as Graphviz DOT with divergence: the block ending in the divergent branch is red and bold, its
; out-edges red, the blocks some lanes skip filled light red, and a legend explains the marks.
; RUN: analyze %s --print cfg-dot

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

; CHECK-LABEL: digraph "CFG for 'loop_exits' function" {
; CHECK-NEXT: 	label="CFG for 'loop_exits' function";{{$}}
; CHECK-NEXT: 	node [shape=box, fontname="Courier"];{{$}}
; CHECK-NEXT: 	edge [fontname="Courier"];{{$}}
; CHECK-NEXT: 	b0 [label="entry:\l  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\l  br label %header\l"];{{$}}
; CHECK-NEXT: 	b1 [label="header:\l  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]\l  %gep = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i\l  %v = load i32, ptr addrspace(1) %gep, align 4\l  %brk = icmp eq i32 %v, %tid\l  br i1 %brk, label %exit, label %latch\l", fillcolor="#ffd0d0", color="red", penwidth=2, style="filled,bold"];{{$}}
; CHECK-NEXT: 	b2 [label="latch:\l  %i.next = add i32 %i, 1\l  %more = icmp slt i32 %i.next, %n\l  br i1 %more, label %header, label %exit\l", fillcolor="#ffd0d0", style="filled"];{{$}}
; CHECK-NEXT: 	b3 [label="exit:\l  %where = phi i32 [ %i, %header ], [ -1, %latch ]\l  %after = add i32 %i, 100\l  store i32 %where, ptr addrspace(1) %a, align 4\l  store i32 %after, ptr addrspace(1) %a, align 4\l  ret void\l"];{{$}}
; CHECK-NEXT: 	b0 -> b1;{{$}}
; CHECK-NEXT: 	b1 -> b3 [label="T", color="red", penwidth=2];{{$}}
; CHECK-NEXT: 	b1 -> b2 [label="F", color="red", penwidth=2];{{$}}
; CHECK-NEXT: 	b2 -> b1 [label="T"];{{$}}
; CHECK-NEXT: 	b2 -> b3 [label="F"];{{$}}
; CHECK-NEXT: 	subgraph cluster_legend {
; CHECK-NEXT: 		label="Legend";{{$}}
; CHECK-NEXT: 		style="dashed";{{$}}
; CHECK-NEXT: 		fontname="Helvetica";{{$}}
; CHECK-NEXT: 		node [fontname="Helvetica"];{{$}}
; CHECK-NEXT: 		legend_uniform [label="uniform block"];{{$}}
; CHECK-NEXT: 		legend_branch [label="ends in a divergent branch", color="red", penwidth=2, style="bold"];{{$}}
; CHECK-NEXT: 		legend_block [label="divergent block\n(threads of a warp may skip it)", fillcolor="#ffd0d0", style="filled"];{{$}}
; CHECK-NEXT: 		legend_uniform -> legend_branch -> legend_block [style="invis"];{{$}}
; CHECK-NEXT: 	}{{$}}
; CHECK-NEXT: }{{$}}
