#!/usr/bin/env python3
"""Writes a module of about N instructions (default 1,000,000) to standard output: functions of about 5000
instructions each, the same shape as `crates/simtc/benches/common/generate.rs` (loads, fma, a divergent diamond
with a phi, a store per block), so compile throughput can be measured end to end on a module far larger than
any real translation unit.

Usage: scripts/gen-large-module.py [N] [PER_FUNCTION] > big.ll && simtc compile big.ll -O3 -o /dev/null --time-passes
PER_FUNCTION (default 5000) sets the function size: `gen-large-module.py 100000 100000` and `... 1000000 1000000`
are one function of 100k and of 1M instructions, for checking that every pass is linear in function size.
"""
import sys


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    w = sys.stdout.write
    w('target triple = "nvptx64-nvidia-cuda"\n\n')
    w("declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #0\n")
    w("declare float @llvm.fma.f32(float, float, float) #0\n\n")
    per_fn = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    blocks = per_fn // 25
    for f in range((n + per_fn - 1) // per_fn):
        w(f"define ptx_kernel void @k{f}(ptr addrspace(1) noundef %in, ptr addrspace(1) noundef %out, i32 %n) {{\n")
        w("entry:\n  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  br label %b0\n")
        for b in range(blocks):
            prev = "entry" if b == 0 else f"b{b - 1}.j"
            acc = "0.0" if b == 0 else f"%acc{b - 1}"
            w(f"b{b}:\n  %p{b} = phi float [ {acc}, %{prev} ]\n  %i{b} = add nsw i32 %tid, {b}\n"
              f"  %x{b} = zext i32 %i{b} to i64\n"
              f"  %g{b} = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x{b}\n"
              f"  %v{b} = load float, ptr addrspace(1) %g{b}, align 4\n"
              f"  %m{b} = fmul contract float %v{b}, 2.500000e-01\n"
              f"  %f{b} = call float @llvm.fma.f32(float %m{b}, float %v{b}, float %p{b})\n"
              f"  %a{b} = and i32 %i{b}, 7\n  %s{b} = shl i32 %a{b}, 2\n  %o{b} = or disjoint i32 %s{b}, 1\n"
              f"  %c{b} = icmp ult i32 %o{b}, %n\n  br i1 %c{b}, label %b{b}.t, label %b{b}.e\n"
              f"b{b}.t:\n  %tv{b} = fadd float %f{b}, 1.000000e+00\n  %ti{b} = sext i32 %o{b} to i64\n"
              f"  %tg{b} = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ti{b}\n"
              f"  store float %tv{b}, ptr addrspace(1) %tg{b}, align 4\n  br label %b{b}.j\n"
              f"b{b}.e:\n  %ev{b} = fsub float %f{b}, %m{b}\n  %es{b} = select i1 %c{b}, float %ev{b}, float %v{b}\n"
              f"  br label %b{b}.j\n"
              f"b{b}.j:\n  %acc{b} = phi float [ %tv{b}, %b{b}.t ], [ %es{b}, %b{b}.e ]\n"
              f"  %d{b} = fdiv float %acc{b}, 3.000000e+00\n  %q{b} = fptosi float %d{b} to i32\n"
              f"  %r{b} = xor i32 %q{b}, %tid\n")
            if b + 1 == blocks:
                w("  %last = getelementptr inbounds i32, ptr addrspace(1) %out, i64 0\n"
                  f"  store i32 %r{b}, ptr addrspace(1) %last, align 4\n  ret void\n")
            else:
                w(f"  br label %b{b + 1}\n")
        w("}\n\n")
    w("attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }\n")


if __name__ == "__main__":
    main()
