; skip-uniform-regions with relaxed-uniform-regions (default true): the uniform outer branch is tagged !structurizecfg.uniform and left alone, its one divergent child region is already structured.
; RUN: opt %s --passes structurizecfg --verify-structured --knob structurizecfg-skip-uniform-regions=true
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @uniform(ptr %p, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %u = icmp sgt i32 %n, 0
  br i1 %u, label %then, label %else
then:
  %d = icmp slt i32 %t, 4
  br i1 %d, label %dthen, label %djoin
dthen:
  br label %djoin
djoin:
  %x = phi i32 [ 1, %dthen ], [ 2, %then ]
  br label %merge
else:
  br label %merge
merge:
  %v = phi i32 [ %x, %djoin ], [ 3, %else ]
  store i32 %v, ptr %p
  ret void
}

; CHECK-LABEL: define ptx_kernel void @uniform(ptr %p, i32 %n) {
; CHECK: entry:
; CHECK: br i1 %u, label %then, label %else, !structurizecfg.uniform !0
; CHECK: then:
; CHECK: br i1 %d, label %dthen, label %djoin
; CHECK: dthen:
; CHECK: br label %djoin
; CHECK: djoin:
; CHECK: br label %merge
; CHECK: else:
; CHECK: br label %merge
; CHECK: merge:
; CHECK: ret void
