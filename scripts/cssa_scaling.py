#!/usr/bin/env python3
"""Times `simtc compile -O3` on the generated CSSA scaling shapes (issue 11) and prints a markdown table.

For each shape (chain, flat, nested, loops; see crates/codegen/tests/common/cssa_shapes.rs) and size (phis), the
kernel is written by the `cssa_scaling` example (`--emit SHAPE PHIS`), then compiled by each given simtc binary
with --time-passes; reported: the `cssa` and `phi-elim` pass times, the slowest other pass, and the wall time of
the whole process (reading, every pass, printing), the best of --runs runs.

usage: cargo build --release -p simtc -p simtc-codegen --bin simtc --example cssa_scaling
       scripts/cssa_scaling.py [--runs N] [--sizes 10000,100000] [--shapes chain,flat] [--simtc PATH ...]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(simtc: str, ll: str, runs: int):
    """Best wall time of `runs` compiles and the pass times of that run (name -> seconds, summed)."""
    best = None
    for _ in range(runs):
        t = time.monotonic()
        p = subprocess.run([simtc, "compile", "-O3", ll, "-o", os.devnull, "--time-passes"],
                           capture_output=True, text=True)
        wall = time.monotonic() - t
        if p.returncode != 0:
            sys.exit(f"{simtc} failed on {ll}: {p.stderr[-2000:]}")
        passes = {}
        for m in re.finditer(r"^\s+([0-9.]+) \(\s*[0-9.]+%\)\s+(\S+)\s*$", p.stderr, re.M):
            passes[m.group(2)] = passes.get(m.group(2), 0.0) + float(m.group(1))
        if best is None or wall < best[0]:
            best = (wall, passes)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--shapes", default="chain,flat,nested,loops")
    ap.add_argument("--simtc", action="append", help="simtc binaries to compare (default: target/release/simtc)")
    ap.add_argument("--example", default=os.path.join(ROOT, "target/release/examples/cssa_scaling"))
    a = ap.parse_args()
    binaries = a.simtc or [os.path.join(ROOT, "target/release/simtc")]
    sizes = [int(s) for s in a.sizes.split(",")]
    print("| shape | phis | binary | cssa s | phi-elim s | slowest other pass | whole `simtc compile -O3` s | µs/phi |")
    print("|---|---:|---|---:|---:|---|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for shape in a.shapes.split(","):
            for size in sizes:
                ll = os.path.join(tmp, f"{shape}{size}.ll")
                with open(ll, "w") as f:
                    subprocess.run([a.example, "--emit", shape, str(size)], stdout=f, check=True)
                phis = sum(1 for line in open(ll) if " = phi " in line)
                for b in binaries:
                    wall, passes = timed(b, ll, a.runs)
                    other = max(((t, n) for n, t in passes.items() if n not in ("cssa", "phi-elim")), default=(0, ""))
                    label = os.path.relpath(b, ROOT) if len(binaries) > 1 else "simtc"
                    print(f"| {shape} | {phis} | {label} | {passes.get('cssa', 0):.3f} | {passes.get('phi-elim', 0):.3f}"
                          f" | {other[1]} {other[0]:.3f} | {wall:.2f} | {wall / phis * 1e6:.1f} |", flush=True)


if __name__ == "__main__":
    main()
