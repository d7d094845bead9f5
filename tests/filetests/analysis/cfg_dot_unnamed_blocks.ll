; CFG as DOT of a function with numbered blocks (labelled %N as the region printer does) and instructions.
; RUN: analyze %s --print cfg-dot

; Unnamed blocks and values, as clang -O0 writes them: blocks print as %N, numbered like the IR printer.
define i32 @unnamed(i32 %0, i32 %1) {
  %3 = icmp sgt i32 %0, %1
  br i1 %3, label %4, label %6

4:
  %5 = sub i32 %0, %1
  br label %8

6:
  %7 = sub i32 %1, %0
  br label %8

8:
  %9 = phi i32 [ %5, %4 ], [ %7, %6 ]
  %10 = icmp sgt i32 %9, 10
  br i1 %10, label %11, label %13

11:
  %12 = mul i32 %9, 2
  br label %13

13:
  %14 = phi i32 [ %12, %11 ], [ %9, %8 ]
  ret i32 %14
}

; CHECK-LABEL: digraph "CFG for 'unnamed' function" {
; CHECK-NEXT: 	label="CFG for 'unnamed' function";{{$}}
; CHECK-NEXT: 	node [shape=box, fontname="Courier"];{{$}}
; CHECK-NEXT: 	edge [fontname="Courier"];{{$}}
; CHECK-NEXT: 	b0 [label="%2:\l  %3 = icmp sgt i32 %0, %1\l  br i1 %3, label %4, label %6\l", color="red", penwidth=2, style="bold"];{{$}}
; CHECK-NEXT: 	b1 [label="%4:\l  %5 = sub i32 %0, %1\l  br label %8\l", fillcolor="#ffd0d0", style="filled"];{{$}}
; CHECK-NEXT: 	b2 [label="%6:\l  %7 = sub i32 %1, %0\l  br label %8\l", fillcolor="#ffd0d0", style="filled"];{{$}}
; CHECK-NEXT: 	b3 [label="%8:\l  %9 = phi i32 [ %5, %4 ], [ %7, %6 ]\l  %10 = icmp sgt i32 %9, 10\l  br i1 %10, label %11, label %13\l", color="red", penwidth=2, style="bold"];{{$}}
; CHECK-NEXT: 	b4 [label="%11:\l  %12 = mul i32 %9, 2\l  br label %13\l", fillcolor="#ffd0d0", style="filled"];{{$}}
; CHECK-NEXT: 	b5 [label="%13:\l  %14 = phi i32 [ %12, %11 ], [ %9, %8 ]\l  ret i32 %14\l"];{{$}}
; CHECK-NEXT: 	b0 -> b1 [label="T", color="red", penwidth=2];{{$}}
; CHECK-NEXT: 	b0 -> b2 [label="F", color="red", penwidth=2];{{$}}
; CHECK-NEXT: 	b1 -> b3;{{$}}
; CHECK-NEXT: 	b2 -> b3;{{$}}
; CHECK-NEXT: 	b3 -> b4 [label="T", color="red", penwidth=2];{{$}}
; CHECK-NEXT: 	b3 -> b5 [label="F", color="red", penwidth=2];{{$}}
; CHECK-NEXT: 	b4 -> b5;{{$}}
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
