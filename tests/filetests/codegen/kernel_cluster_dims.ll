; Cluster annotations on sm_90: cluster_dim_{x,y,z} -> .explicitcluster + .reqnctapercluster (a maxclusterrank
; the required shape fits in is left out, as ptxas rejects both), and maxclusterrank alone -> .maxclusterrank.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @clustered() {
  ret void
}

define ptx_kernel void @ranked() {
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6}
!0 = !{ptr @clustered, !"kernel", i32 1}
!1 = !{ptr @clustered, !"cluster_dim_x", i32 2}
!2 = !{ptr @clustered, !"cluster_dim_y", i32 2}
!3 = !{ptr @clustered, !"cluster_dim_z", i32 1}
!4 = !{ptr @clustered, !"maxclusterrank", i32 8}
!5 = !{ptr @ranked, !"kernel", i32 1}
!6 = !{ptr @ranked, !"maxclusterrank", i32 4}

; CHECK-LABEL: .visible .entry clustered()
; CHECK-NEXT: .explicitcluster
; CHECK-NEXT: .reqnctapercluster 2, 2, 1
; CHECK-NEXT: {
; CHECK-LABEL: .visible .entry ranked()
; CHECK-NEXT: .maxclusterrank 4
; CHECK-NEXT: {
