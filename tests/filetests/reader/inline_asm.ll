; Inline asm callees: `sideeffect`, output/input constraints, escaped `$`/`%` text, asm with multiple results returned as a struct.
; RUN: opt %s --passes verify

define i32 @lane(i32 %x) {
entry:
  %l = call i32 asm sideeffect "mov.u32 $0, %laneid;", "=r"()
  %s = tail call i32 asm "add.s32 $0, $1, $2;", "=r,r,r"(i32 %l, i32 %x)
  %p = call { i32, i32 } asm "mov.b64 {$0, $1}, $2;", "=r,=r,l"(i64 42)
  %hi = extractvalue { i32, i32 } %p, 1
  call void asm sideeffect alignstack "bar.sync 0;", "~{memory}"()
  %r = add i32 %s, %hi
  ret i32 %r
}

; CHECK: %l = call i32 asm sideeffect "mov.u32 $0, %laneid;", "=r"()
; CHECK-NEXT: %s = tail call i32 asm "add.s32 $0, $1, $2;", "=r,r,r"(i32 %l, i32 %x)
; CHECK-NEXT: %p = call { i32, i32 } asm "mov.b64 {$0, $1}, $2;", "=r,=r,l"(i64 42)
; CHECK-NEXT: %hi = extractvalue { i32, i32 } %p, 1
; CHECK-NEXT: call void asm sideeffect alignstack "bar.sync 0;", "~{memory}"()
