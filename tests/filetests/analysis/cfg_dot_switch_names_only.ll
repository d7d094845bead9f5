; CFG as DOT with block names only: switch edges carry the case values (`def` for the default; two cases to
; one block share an edge).
; RUN: analyze %s --print cfg-dot --names-only

; A switch with a default, two cases sharing a target, a case that jumps straight to the join, and a loop
; around it all.
define i32 @sw(i32 %x, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %join ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %join ]
  %k = add i32 %x, %i
  switch i32 %k, label %default [
    i32 0, label %case0
    i32 1, label %case12
    i32 2, label %case12
    i32 3, label %join
  ]

case0:
  br label %join

case12:
  %t = mul i32 %k, 2
  br label %join

default:
  br label %join

join:
  %v = phi i32 [ 1, %case0 ], [ %t, %case12 ], [ 3, %loop ], [ 5, %default ]
  %acc.next = add i32 %acc, %v
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %acc.next
}

; CHECK-LABEL: digraph "CFG for 'sw' function" {
; CHECK-NEXT: 	label="CFG for 'sw' function";{{$}}
; CHECK-NEXT: 	node [shape=box, fontname="Courier"];{{$}}
; CHECK-NEXT: 	edge [fontname="Courier"];{{$}}
; CHECK-NEXT: 	b0 [label="entry:"];{{$}}
; CHECK-NEXT: 	b1 [label="loop:", fillcolor="#ffd0d0", color="red", penwidth=2, style="filled,bold"];{{$}}
; CHECK-NEXT: 	b2 [label="case0:", fillcolor="#ffd0d0", style="filled"];{{$}}
; CHECK-NEXT: 	b3 [label="case12:", fillcolor="#ffd0d0", style="filled"];{{$}}
; CHECK-NEXT: 	b4 [label="default:", fillcolor="#ffd0d0", style="filled"];{{$}}
; CHECK-NEXT: 	b5 [label="join:", fillcolor="#ffd0d0", color="red", penwidth=2, style="filled,bold"];{{$}}
; CHECK-NEXT: 	b6 [label="exit:"];{{$}}
; CHECK-NEXT: 	b0 -> b1;{{$}}
; CHECK-NEXT: 	b1 -> b4 [label="def", color="red", penwidth=2];{{$}}
; CHECK-NEXT: 	b1 -> b2 [label="0", color="red", penwidth=2];{{$}}
; CHECK-NEXT: 	b1 -> b3 [label="1,2", color="red", penwidth=2];{{$}}
; CHECK-NEXT: 	b1 -> b5 [label="3", color="red", penwidth=2];{{$}}
; CHECK-NEXT: 	b2 -> b5;{{$}}
; CHECK-NEXT: 	b3 -> b5;{{$}}
; CHECK-NEXT: 	b4 -> b5;{{$}}
; CHECK-NEXT: 	b5 -> b1 [label="T", color="red", penwidth=2];{{$}}
; CHECK-NEXT: 	b5 -> b6 [label="F", color="red", penwidth=2];{{$}}
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
