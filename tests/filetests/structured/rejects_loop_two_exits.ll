; The checker rejects a loop with a divergent break: two exiting blocks, the latch is not the only way out.
; RUN: opt %s --passes verify --verify-structured
; EXIT: 1
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @loop(i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %l ]
  %i1 = add i32 %i, 1
  %b = icmp eq i32 %i, %t
  br i1 %b, label %x, label %l
l:
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %h, label %x
x:
  ret void
}
; ERR: @loop: block %h: post-dominator reconvergence: loop with a divergent exit has 1 latch(es) and 2 exiting block(s)
