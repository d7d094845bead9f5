#!/usr/bin/env python3
"""Generates one kernel with N sequential loops (plus a nested pair every 10th) for the `lsr` scaling check.

usage: scripts/lsr_scaling.py N [--private] > big.ll ; simtc opt big.ll --passes lsr --time-passes > /dev/null
Each loop reads a[i], a[i+1] and writes b[i*n + 3]: two profitable groups per loop. With --private every loop
gets its own copies of a, b and n (computed before it), so the addresses lsr deletes do not all use the same
three values. (Deleting a use was O(uses of the value) in the IR, quadratic when all N loops share them; it is
O(1) since issue 11, and both variants take the same time: 0.26 s / 0.30 s for lsr at N = 10000.)
"""
import sys

n = int(sys.argv[1])
private = "--private" in sys.argv[2:]
out = ['target triple = "nvptx64-nvidia-cuda"', "",
       "define ptx_kernel void @big(ptr %a0, ptr %b0, i32 %n0) {", "entry:", "  br label %p0", ""]
for k in range(n):
    nxt = f"p{k + 1}" if k + 1 < n else "exit"
    a, b, nn = (f"%a.{k}", f"%b.{k}", f"%n.{k}") if private else ("%a0", "%b0", "%n0")
    out += [f"p{k}:"]
    if private:
        out += [f"  {a} = getelementptr i8, ptr %a0, i64 {k}", f"  {b} = getelementptr i8, ptr %b0, i64 {k}",
                f"  {nn} = add i32 %n0, {k}"]
    out += [
        f"  br label %h{k}",
        f"h{k}:",
        f"  %i{k} = phi i32 [ 0, %p{k} ], [ %i{k}.next, %l{k} ]",
        f"  %x{k} = sext i32 %i{k} to i64",
        f"  %pa{k} = getelementptr inbounds float, ptr {a}, i64 %x{k}",
        f"  %v{k} = load float, ptr %pa{k}, align 4",
        f"  %j{k} = add nsw i32 %i{k}, 1",
        f"  %y{k} = sext i32 %j{k} to i64",
        f"  %pb{k} = getelementptr inbounds float, ptr {a}, i64 %y{k}",
        f"  %w{k} = load float, ptr %pb{k}, align 4",
        f"  %s{k} = fadd float %v{k}, %w{k}",
        f"  %m{k} = mul nsw i32 %i{k}, {nn}",
        f"  %o{k} = add nsw i32 %m{k}, 3",
        f"  %z{k} = sext i32 %o{k} to i64",
        f"  %pc{k} = getelementptr inbounds float, ptr {b}, i64 %z{k}",
        f"  store float %s{k}, ptr %pc{k}, align 4",
        f"  br label %l{k}",
        f"l{k}:",
        f"  %i{k}.next = add nsw i32 %i{k}, 1",
        f"  %c{k} = icmp slt i32 %i{k}.next, {nn}",
        f"  br i1 %c{k}, label %h{k}, label %{nxt}",
        "",
    ]
out += ["exit:", "  ret void", "}"]
print("\n".join(out))
