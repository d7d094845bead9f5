#!/usr/bin/env python3
"""Generates one kernel with N sequential loops (plus a nested pair every 10th) for the `lsr` scaling check.

usage: scripts/lsr_scaling.py N > big.ll ; simtc opt big.ll --passes lsr --time-passes > /dev/null
Each loop reads a[i], a[i+1] and writes b[i*n + 3]: two profitable groups per loop.
"""
import sys

n = int(sys.argv[1])
out = ['target triple = "nvptx64-nvidia-cuda"', "",
       "define ptx_kernel void @big(ptr %a, ptr %b, i32 %n) {", "entry:", "  br label %h0", ""]
for k in range(n):
    nxt = f"h{k + 1}" if k + 1 < n else "exit"
    out += [
        f"h{k}:",
        f"  %i{k} = phi i32 [ 0, %{'entry' if k == 0 else f'l{k - 1}'} ], [ %i{k}.next, %l{k} ]",
        f"  %x{k} = sext i32 %i{k} to i64",
        f"  %pa{k} = getelementptr inbounds float, ptr %a, i64 %x{k}",
        f"  %v{k} = load float, ptr %pa{k}, align 4",
        f"  %j{k} = add nsw i32 %i{k}, 1",
        f"  %y{k} = sext i32 %j{k} to i64",
        f"  %pb{k} = getelementptr inbounds float, ptr %a, i64 %y{k}",
        f"  %w{k} = load float, ptr %pb{k}, align 4",
        f"  %s{k} = fadd float %v{k}, %w{k}",
        f"  %m{k} = mul nsw i32 %i{k}, %n",
        f"  %o{k} = add nsw i32 %m{k}, 3",
        f"  %z{k} = sext i32 %o{k} to i64",
        f"  %pc{k} = getelementptr inbounds float, ptr %b, i64 %z{k}",
        f"  store float %s{k}, ptr %pc{k}, align 4",
        f"  br label %l{k}",
        f"l{k}:",
        f"  %i{k}.next = add nsw i32 %i{k}, 1",
        f"  %c{k} = icmp slt i32 %i{k}.next, %n",
        f"  br i1 %c{k}, label %h{k}, label %{nxt}",
        "",
    ]
out += ["exit:", "  ret void", "}"]
print("\n".join(out))
