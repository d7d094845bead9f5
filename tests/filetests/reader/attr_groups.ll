; Attribute groups: `#N` on definitions, declarations and call sites, defined after their uses, merged with inline attributes.
; RUN: opt %s --passes verify

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

define void @k(ptr addrspace(1) noalias %p) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2
  %u = call i32 @helper(i32 %t) nounwind #3
  store i32 %u, ptr addrspace(1) %p, align 4
  ret void
}

define internal i32 @helper(i32 %x) inlinehint #3 {
  ret i32 %x
}

attributes #0 = { convergent mustprogress norecurse nounwind "target-cpu"="sm_70" "target-features"="+ptx64" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nounwind }
attributes #3 = { noinline "no-trapping-math" }

; CHECK: declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #0
; CHECK-LABEL: define void @k(ptr addrspace(1) noalias %p) #1 {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3
; CHECK-NEXT:   %u = call i32 @helper(i32 %t) #4
; CHECK: define internal i32 @helper(i32 %x) #2 {
; CHECK: attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
; CHECK-NEXT: attributes #1 = { convergent mustprogress norecurse nounwind "target-cpu"="sm_70" "target-features"="+ptx64" "uniform-work-group-size"="true" }
; CHECK-NEXT: attributes #2 = { inlinehint noinline "no-trapping-math" }
; CHECK-NEXT: attributes #3 = { nounwind }
; CHECK-NEXT: attributes #4 = { nounwind noinline "no-trapping-math" }
