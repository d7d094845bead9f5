; A runtime-unrolled loop in clang's shape: a main loop of four composed steps, a remainder loop, and at the
; join %r = phi [poison, %pre], [%x.next, %main] next to %y = phi [%gid, %pre], [%x.next, %main]. simplifycfg
; replaces %r by %y (poison is refined to %y's value), so the main loop carries one register, not two.
; Each thread writes out[gid] = step^n(gid), step(x) = 5x + 3 (mod 2^32), n = gid & 63.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @lcg(ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %n = and i32 %gid, 63
  %w = sext i32 %gid to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %w
  store i32 %gid, ptr %p, align 4
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %pre, label %exit

pre:
  %nm1 = add i32 %n, -1
  %rem = and i32 %n, 3
  %small = icmp ult i32 %nm1, 3
  br i1 %small, label %tail, label %main.pre

main.pre:
  %nmain = and i32 %n, 2147483644
  br label %main

main:
  %x = phi i32 [ %gid, %main.pre ], [ %x.next, %main ]
  %k = phi i32 [ 0, %main.pre ], [ %k.next, %main ]
  %m = mul i32 %x, 625
  %x.next = add i32 %m, 468
  %k.next = add i32 %k, 4
  %d = icmp eq i32 %k.next, %nmain
  br i1 %d, label %tail, label %main

tail:
  %r = phi i32 [ poison, %pre ], [ %x.next, %main ]
  %y = phi i32 [ %gid, %pre ], [ %x.next, %main ]
  %z = icmp eq i32 %rem, 0
  br i1 %z, label %done, label %rl

rl:
  %y2 = phi i32 [ %y3, %rl ], [ %y, %tail ]
  %j = phi i32 [ %j.next, %rl ], [ 0, %tail ]
  %mm = mul i32 %y2, 5
  %y3 = add i32 %mm, 3
  %j.next = add i32 %j, 1
  %dd = icmp eq i32 %j.next, %rem
  br i1 %dd, label %done, label %rl

done:
  %v = phi i32 [ %r, %tail ], [ %y3, %rl ]
  store i32 %v, ptr %p, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
