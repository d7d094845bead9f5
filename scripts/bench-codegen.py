#!/usr/bin/env python3
"""Side-by-side comparison of simtc's PTX back end with LLVM 19's llc and NVIDIA's nvcc (cicc), per example.

For every examples/kernels/K.ll (and K.cu for nvcc) this measures, for --mcpu (default sm_90):

  compile time   wall time of `simtc compile K.ll -O3`, `llc -O3 -march=nvptx64 -mcpu=sm_90 K.ll` and
                 `nvcc -ptx -O3 -arch=sm_90 K.cu` (nvcc includes its C++ front end: it starts from CUDA source,
                 the others from the same LLVM IR). Best of --runs runs (the least disturbed by other load), each process started fresh.
  registers      `ptxas -v -arch=sm_90` "Used N registers", per entry (kernel)
  instructions   static PTX instructions per entry: instruction lines of the body, without directives
                 (.reg/.local/.param/.loc/.pragma), labels, braces and comments

and prints a Markdown table (also written to --out, default doc/codegen-bench.md) plus the geometric mean of the
llc/simtc compile-time ratio (the goal is ≥ 10×).

Usage: scripts/bench-codegen.py [--runs 5] [--mcpu sm_90] [--out doc/codegen-bench.md]
Tools: $SIMTC (default: builds target/release/simtc), $LLC (/usr/lib/llvm-19/bin/llc), $NVCC and $PTXAS
(tools/cuda13/nvidia/cu13/bin). Exit 2 when a tool is missing.
"""

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CUDA = ROOT / "tools/cuda13/nvidia/cu13/bin"


def tool(env, default):
    p = Path(os.environ.get(env, default))
    if not p.exists():
        print(f"error: {p} not found (run scripts/install-tools.sh or set ${env})", file=sys.stderr)
        sys.exit(2)
    return p


def timed(cmd, runs):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        r = subprocess.run(cmd, capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        if r.returncode != 0:
            raise RuntimeError(f"{' '.join(map(str, cmd))} failed:\n{r.stderr}")
    return min(times)


ENTRY = re.compile(r"^\.(?:visible |weak )?\.entry\s+([\w$]+)")


def static_counts(ptx):
    """Instructions per .entry, from PTX text."""
    counts = {}
    cur = None
    depth = 0
    for line in ptx.splitlines():
        s = line.strip()
        m = ENTRY.match(s)
        if m:
            cur = m.group(1)
            counts[cur] = 0
            depth = 0
            continue
        if cur is None:
            continue
        if s.startswith("{"):
            depth += 1
            continue
        if s.startswith("}"):
            depth -= 1
            if depth <= 0:
                cur = None
            continue
        if not s or s.startswith("//") or s.startswith(".") or s.endswith(":"):
            continue
        if s.endswith(";"):
            counts[cur] += 1
    return counts


def registers(ptxas, ptx_file, arch):
    r = subprocess.run([ptxas, "-v", f"-arch={arch}", "-o", os.devnull, ptx_file], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    regs = {}
    cur = None
    for line in r.stderr.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            cur = m.group(1)
        m = re.search(r"Used (\d+) registers", line)
        if m and cur:
            regs[cur] = int(m.group(1))
            cur = None
    return regs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--mcpu", default="sm_90")
    ap.add_argument("--out", default=str(ROOT / "doc/codegen-bench.md"))
    args = ap.parse_args()
    if "SIMTC" in os.environ:
        simtc = tool("SIMTC", "")
    else:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "simtc"], cwd=ROOT, check=True)
        simtc = ROOT / "target/release/simtc"
    llc = tool("LLC", "/usr/lib/llvm-19/bin/llc")
    nvcc = tool("NVCC", str(CUDA / "nvcc"))
    ptxas = tool("PTXAS", str(CUDA / "ptxas"))
    arch = args.mcpu
    rows = []
    ratios = []
    tot = {"simtc": 0.0, "llc": 0.0, "nvcc": 0.0}
    with tempfile.TemporaryDirectory() as tmp:
        for ll in sorted((ROOT / "examples/kernels").glob("*.ll")):
            stem = ll.stem
            cu = ll.with_suffix(".cu")
            outs = {k: Path(tmp) / f"{stem}.{k}.ptx" for k in ("simtc", "llc", "nvcc")}
            t = {
                "simtc": timed([simtc, "compile", ll, "-O3", "--mcpu", arch, "-o", outs["simtc"]], args.runs),
                "llc": timed([llc, "-O3", "-march=nvptx64", f"-mcpu={arch}", ll, "-o", outs["llc"]], args.runs),
            }
            if cu.exists():
                t["nvcc"] = timed(
                    [nvcc, "-ptx", "-O3", f"-arch={arch}", "-I", ll.parent, cu, "-o", outs["nvcc"]], max(1, args.runs // 2)
                )
            for k, v in t.items():
                tot[k] += v
            ratios.append(t["llc"] / t["simtc"])
            info = {}
            for k, p in outs.items():
                if not p.exists():
                    continue
                info[k] = (static_counts(p.read_text()), registers(ptxas, p, arch) or {})
            for entry in sorted(info["simtc"][0]):
                def cell(k, which):
                    if k not in info:
                        return "–"
                    d = info[k][which]
                    # nvcc mangles C++ kernel names; match by suffix when the plain name is absent.
                    v = d.get(entry)
                    if v is None:
                        cands = [x for x in d if entry in x]
                        v = d[cands[0]] if len(cands) == 1 else None
                    return "–" if v is None else str(v)

                rows.append(
                    f"| {stem} | {entry} | {t['simtc']*1000:.1f} | {t['llc']*1000:.1f} | "
                    f"{t.get('nvcc', float('nan'))*1000:.0f} | {t['llc']/t['simtc']:.1f}× | "
                    f"{cell('simtc', 1)} / {cell('llc', 1)} / {cell('nvcc', 1)} | "
                    f"{cell('simtc', 0)} / {cell('llc', 0)} / {cell('nvcc', 0)} |"
                )
    geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    table = [
        f"Target {arch}; compile times are the best of {args.runs} runs (ms, wall clock, whole process, process start included).",
        "Registers: `ptxas -v`; instructions: static PTX instructions per entry. Cells are simtc / llc-19 / nvcc.",
        "",
        "| file | entry | simtc ms | llc ms | nvcc ms | llc/simtc | registers | instructions |",
        "|---|---|---:|---:|---:|---:|---|---|",
        *rows,
        "",
        f"Geometric mean of llc/simtc compile-time ratio: **{geo:.1f}×** (goal ≥ 10×). "
        f"Totals: simtc {tot['simtc']*1000:.0f} ms, llc {tot['llc']*1000:.0f} ms, nvcc {tot['nvcc']*1000:.0f} ms.",
    ]
    text = "\n".join(table) + "\n"
    print(text)
    if args.out:
        out = Path(args.out)
        header = (
            "# Codegen benchmark: simtc vs llc-19 vs nvcc\n\n"
            "Generated by `scripts/bench-codegen.py`; rerun it to refresh. See the script's doc for what is measured.\n\n"
        )
        out.write_text(header + text)


if __name__ == "__main__":
    main()
