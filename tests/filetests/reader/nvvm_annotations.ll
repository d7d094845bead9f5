; Named metadata: `nvvm.annotations` (kernel entries), `llvm.module.flags`, `llvm.ident` and custom named metadata round-trip with their numbering; inline nodes get fresh numbers.
; RUN: opt %s --passes verify

define void @kern(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}

define void @device_fn() {
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!llvm.module.flags = !{!3, !4}
!llvm.ident = !{!5}
!my.custom = !{!6, !5}
!nvvmir.version = !{!7}

!0 = !{ptr @kern, !"kernel", i32 1}
!1 = !{ptr @kern, !"maxntidx", i32 256}
!2 = !{ptr @device_fn, !"kernel", i32 0}
!3 = !{i32 2, !"SDK Version", [2 x i32] [i32 11, i32 8]}
!4 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!5 = !{!"clang version 19.1.7"}
!6 = !{!"tuple", !{i64 -1, null}, float 1.5}
!7 = !{i32 2, i32 0}

; CHECK: define void @kern(ptr addrspace(1) %p) {
; CHECK: define void @device_fn() {
; CHECK: !nvvm.annotations = !{!0, !1, !2}
; CHECK-NEXT: !llvm.module.flags = !{!3, !4}
; CHECK-NEXT: !llvm.ident = !{!5}
; CHECK-NEXT: !my.custom = !{!6, !5}
; CHECK-NEXT: !nvvmir.version = !{!7}
; CHECK: !0 = !{ptr @kern, !"kernel", i32 1}
; CHECK-NEXT: !1 = !{ptr @kern, !"maxntidx", i32 256}
; CHECK-NEXT: !2 = !{ptr @device_fn, !"kernel", i32 0}
; CHECK-NEXT: !3 = !{i32 2, !"SDK Version", [2 x i32] [i32 11, i32 8]}
; CHECK-NEXT: !4 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
; CHECK-NEXT: !5 = !{!"clang version 19.1.7"}
; CHECK-NEXT: !6 = !{!"tuple", !8, float 1.500000e+00}
; CHECK-NEXT: !7 = !{i32 2, i32 0}
; CHECK-NEXT: !8 = !{i64 -1, null}
