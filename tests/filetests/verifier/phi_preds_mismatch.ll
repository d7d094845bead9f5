; A phi whose incoming blocks are not the predecessors of its block is rejected.
; RUN: opt %s --passes verify
; EXIT: 1

define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %join

b:
  br label %join

join:
  %p = phi i32 [ 1, %a ], [ 2, %entry ]
  ret i32 %p
}

; ERR: {{.*}}phi_preds_mismatch.ll:16:3: error: in function @f, block %join, instruction `%p = phi [1, %a], [2, %entry]`: phi node entries do not match predecessors: %entry is not a predecessor of this block
; ERR: {{.*}}phi_preds_mismatch.ll:16:3: error: in function @f, block %join, instruction `%p = phi [1, %a], [2, %entry]`: phi node entries do not match predecessors: no entry for %b
