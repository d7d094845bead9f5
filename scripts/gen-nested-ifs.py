#!/usr/bin/env python3
"""Writes a kernel with N nested divergent ifs (the uniformity-scaling probe of issue 12) to standard output.

Block b_k tests the thread index and branches to b_{k+1} or to the join e_k; e_k has a phi choosing between
the constant k (from b_k) and the thread index (from the inner join), stores it and continues to e_{k-1}.
Usage: scripts/gen-nested-ifs.py 40000 > nested.ll && time simtc analyze --print uniformity nested.ll > /dev/null
"""
import sys


def main() -> None:
    n = int(sys.argv[1])
    out = ['target triple = "nvptx64-nvidia-cuda"', "define ptx_kernel void @k(ptr addrspace(1) %p) {", "entry:",
           "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()", "  br label %b0"]
    for k in range(n):
        out += [f"b{k}:", f"  %c{k} = icmp sgt i32 %t, {k}", f"  br i1 %c{k}, label %b{k + 1}, label %e{k}"]
    out += [f"b{n}:", "  store i32 %t, ptr addrspace(1) %p", f"  br label %e{n - 1}"]
    for k in range(n - 1, -1, -1):
        out.append(f"e{k}:")
        if k > 0:
            inner = f"%e{k + 1}" if k < n - 1 else f"%b{n}"
            out += [f"  %v{k} = phi i32 [ {k}, %b{k} ], [ %t, {inner} ]", f"  store i32 %v{k}, ptr addrspace(1) %p",
                    f"  br label %e{k - 1}"]
        else:
            out.append("  ret void")
    out += ["}", "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()"]
    print("\n".join(out))


if __name__ == "__main__":
    main()
