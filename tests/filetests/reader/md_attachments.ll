; Instruction metadata attachments: `!tbaa`, `!range`, `!llvm.loop` (self-referential distinct node), `!noundef`, custom kinds, and several on one instruction.
; RUN: opt %s --passes verify

define void @loop(ptr %p, i32 %n) {
entry:
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %v = load i32, ptr %p, align 4, !tbaa !0, !range !4, !noundef !5
  %w = add i32 %v, %i, !my.kind !6
  store i32 %w, ptr %p, align 4, !tbaa !0
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %body, label %exit, !llvm.loop !7

exit:
  ret void
}

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = !{i32 0, i32 1024}
!5 = !{}
!6 = !{!"note"}
!7 = distinct !{!7, !8, !9}
!8 = !{!"llvm.loop.mustprogress"}
!9 = !{!"llvm.loop.unroll.count", i32 4}

; CHECK: %v = load i32, ptr %p, align 4, !tbaa !0, !range !4, !noundef !5
; CHECK-NEXT: %w = add i32 %v, %i, !my.kind !6
; CHECK-NEXT: store i32 %w, ptr %p, align 4, !tbaa !0
; CHECK: br i1 %c, label %body, label %exit, !llvm.loop !7
; CHECK: !0 = !{!1, !1, i64 0}
; CHECK-NEXT: !1 = !{!"int", !2, i64 0}
; CHECK-NEXT: !2 = !{!"omnipotent char", !3, i64 0}
; CHECK-NEXT: !3 = !{!"Simple C++ TBAA"}
; CHECK-NEXT: !4 = !{i32 0, i32 1024}
; CHECK-NEXT: !5 = !{}
; CHECK-NEXT: !6 = !{!"note"}
; CHECK-NEXT: !7 = distinct !{!7, !8, !9}
; CHECK-NEXT: !8 = !{!"llvm.loop.mustprogress"}
; CHECK-NEXT: !9 = !{!"llvm.loop.unroll.count", i32 4}
