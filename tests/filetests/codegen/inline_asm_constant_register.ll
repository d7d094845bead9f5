; A constant passed to a register constraint ("r", "l") is materialized in a register: ptxas rejects an
; immediate where vabsdiff4 expects a register. "n" keeps the immediate.
; RUN: compile %s --mcpu sm_80

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %a) {
  %d = tail call i32 asm "vabsdiff4.u32.u32.u32.add $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 0, i32 0)
  %e = tail call i64 asm "add.s64 $0, $1, $2;", "=l,l,n"(i64 5, i64 7)
  %t = trunc i64 %e to i32
  %s = add i32 %d, %t
  store i32 %s, ptr addrspace(1) %out
  ret void
}

; CHECK: mov.b32 {{%r[0-9]+}}, 0;
; CHECK: vabsdiff4.u32.u32.u32.add {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK: mov.b64 {{%rd[0-9]+}}, 5;
; CHECK: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 7;
