; Unused calls to `memory(none) nounwind willreturn` functions (sreg reads, via an attribute group on the declaration) are removed; readonly+nounwind+willreturn call-site attributes also qualify.
; RUN: opt %s --passes verify,dce

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #0
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #0
declare float @lookup(ptr)

define void @f(ptr %p) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %unused = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r = call float @lookup(ptr %p) #1
  %live = mul i32 %tid, %ntid
  store i32 %live, ptr %p
  ret void
}

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nounwind willreturn memory(read) }

; CHECK-LABEL: define void @f(ptr %p) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:   %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NOT: %unused
; CHECK-NOT: @lookup(ptr %p)
; CHECK:   %live = mul i32 %tid, %ntid
; CHECK-NEXT:   store i32 %live, ptr %p
