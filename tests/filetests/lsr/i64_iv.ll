; An i64 IV needs no widening (and no flags: 64-bit address arithmetic wraps like the pointer): a[2*i + 1]
; of a struct array's second field becomes an IV stepping by 2 × 8 bytes starting at a + 8 + 4.
; RUN: opt %s --passes lsr

target triple = "nvptx64-nvidia-cuda"

%pair = type { i32, i32 }

define ptx_kernel void @wide(ptr %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i2 = shl i64 %i, 1
  %k = or disjoint i64 %i2, 1
  %p = getelementptr inbounds %pair, ptr %a, i64 %k, i32 1
  store i32 7, ptr %p, align 4
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: entry:
; CHECK-NEXT: %0 = getelementptr i8, ptr %a, i64 12
; CHECK-LABEL: loop:
; CHECK-NEXT: %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
; CHECK-NEXT: %lsr.iv = phi ptr [ %0, %entry ], [ %lsr.iv.next, %loop ]
; CHECK-NEXT: store i32 7, ptr %lsr.iv, align 4
; CHECK-NEXT: %i.next = add i64 %i, 1
; CHECK: %lsr.iv.next = getelementptr i8, ptr %lsr.iv, i64 16
