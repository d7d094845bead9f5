#!/usr/bin/env python3
"""Compare simtc's uniformity analysis with LLVM 19's on LLVM IR files.

For every input (default: examples/kernels/*.ll) this runs

    opt -passes='print<uniformity>' -disable-output IN.ll        (LLVM, prints to stderr)
    simtc analyze IN.ll --print uniformity                        (simtc, same layout on stdout)

and reports, per function, the number of divergent values and divergent branches (conditional branches and
switches) each side finds. It fails (exit 1) if any value or branch that LLVM calls uniform is divergent for
simtc: simtc must be at least as precise as LLVM 19 on these inputs (it is usually more precise: ctaid/ntid,
barriers and loads through kernel pointers at uniform addresses are uniform for simtc). With --verbose it also
lists the values simtc proves uniform that LLVM calls divergent, and instruction lines whose text differs.

Exit codes: 0 ok, 1 simtc less precise than LLVM somewhere, 2 a tool is missing or failed.

Options:
  --opt PATH      LLVM's opt (default: $OPT or /usr/lib/llvm-19/bin/opt)
  --simtc PATH    the simtc binary (default: $SIMTC, else `cargo build --release -p simtc` and use it)
  -v, --verbose   list precision differences and text mismatches
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIV = "  DIVERGENT: "
UNI = "             "


class Facts:
    def __init__(self):
        self.values = {}  # "%6" -> divergent?
        self.branches = {}  # block name -> divergent? (br i1 / switch only)
        self.void_divergent = 0
        self.exit_cycles = set()
        self.assumed_cycles = set()
        self.lines = []  # instruction texts in print order

    def count(self):
        return (sum(self.values.values()), sum(self.branches.values()))


def parse(text):
    """Parses print<uniformity> output into {function: Facts}."""
    out = {}
    cur = None
    block = None
    section = None
    for line in text.splitlines():
        if line.startswith("UniformityInfo for function '"):
            name = line[len("UniformityInfo for function '"):].rstrip(":").rstrip("'")
            cur = out.setdefault(name, Facts())
            block, section = None, None
            continue
        if cur is None:
            continue
        if line in ("ALL VALUES UNIFORM", "DEFINITIONS", "END BLOCK", ""):
            if line == "DEFINITIONS":
                section = "defs"
            continue
        if line == "TERMINATORS":
            section = "terms"
            continue
        if line == "DIVERGENT ARGUMENTS:":
            section = "args"
            continue
        if line.startswith("CYCLES ASSSUMED DIVERGENT:") or line.startswith("CYCLES ASSUMED DIVERGENT:"):
            section = "assumed"
            continue
        if line.startswith("CYCLES WITH DIVERGENT EXIT:"):
            section = "exit"
            continue
        if line.startswith("BLOCK "):
            block = line[len("BLOCK "):]
            section = None
            continue
        if section in ("assumed", "exit") and line.startswith("  depth="):
            # "  depth=1: entries(23) 33 27 32": compare as sets, LLVM prints blocks in its own order.
            head, _, rest = line.strip().partition(": entries(")
            entries, _, others = rest.partition(")")
            key = (head, frozenset(entries.split()), frozenset(others.split()))
            (cur.assumed_cycles if section == "assumed" else cur.exit_cycles).add(key)
            continue
        if line.startswith(DIV):
            div, rest = True, line[len(DIV):]
        elif line.startswith(UNI):
            div, rest = False, line[len(UNI):]
        else:
            # continuation line of a multi-line instruction (switch cases)
            if cur.lines:
                cur.lines[-1] += "\n" + line
            continue
        text = rest.strip()
        if section == "args":
            cur.values[text.split()[-1]] = div
            continue
        cur.lines.append(text)
        if section == "terms":
            if text.startswith("br i1") or text.startswith("switch"):
                cur.branches[block] = div
            continue
        name, eq, _ = text.partition(" = ")
        if eq and name.startswith("%"):
            cur.values[name] = div
        elif div:
            cur.void_divergent += 1
    return out


def run(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        sys.exit(f"compare-uniformity: cannot run {cmd[0]}: {e}")


def find_simtc(args):
    if args.simtc:
        return args.simtc
    if os.environ.get("SIMTC"):
        return os.environ["SIMTC"]
    r = subprocess.run(["cargo", "build", "--release", "-q", "-p", "simtc"], cwd=ROOT)
    if r.returncode != 0:
        print("compare-uniformity: cargo build failed", file=sys.stderr)
        sys.exit(2)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    if not target.is_absolute():
        target = ROOT / target
    return str(target / "release" / "simtc")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--opt", default=os.environ.get("OPT", "/usr/lib/llvm-19/bin/opt"))
    ap.add_argument("--simtc")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    if not Path(args.opt).exists():
        print(f"compare-uniformity: {args.opt} not found (install llvm-19: scripts/install-tools.sh)", file=sys.stderr)
        return 2
    files = [Path(f) for f in args.files] or sorted((ROOT / "examples" / "kernels").glob("*.ll"))
    simtc = find_simtc(args)

    failures = []
    totals = [0, 0, 0, 0]
    print(f"{'file':<20} {'function':<28} {'divergent values':>22} {'divergent branches':>22}")
    print(f"{'':<20} {'':<28} {'llvm':>11} {'simtc':>10} {'llvm':>11} {'simtc':>10}")
    for path in files:
        lr = run([args.opt, "-passes=print<uniformity>", "-disable-output", str(path)])
        if lr.returncode != 0:
            print(f"compare-uniformity: opt failed on {path}:\n{lr.stderr}", file=sys.stderr)
            return 2
        sr = run([simtc, "analyze", str(path), "--print", "uniformity"])
        if sr.returncode != 0:
            print(f"compare-uniformity: simtc failed on {path}:\n{sr.stderr}", file=sys.stderr)
            return 2
        llvm, ours = parse(lr.stderr), parse(sr.stdout)
        for fname, lf in llvm.items():
            sf = ours.get(fname)
            if sf is None:
                failures.append(f"{path.name}: {fname}: missing from simtc's output")
                continue
            (lv, lb), (sv, sb) = lf.count(), sf.count()
            for i, n in enumerate((lv, sv, lb, sb)):
                totals[i] += n
            print(f"{path.name:<20} {fname:<28} {lv:>11} {sv:>10} {lb:>11} {sb:>10}")
            for name, div in sf.values.items():
                if div and not lf.values.get(name, False):
                    failures.append(f"{path.name}: {fname}: {name} is uniform for LLVM, divergent for simtc")
            for b, div in sf.branches.items():
                if div and not lf.branches.get(b, False):
                    failures.append(f"{path.name}: {fname}: branch in {b} is uniform for LLVM, divergent for simtc")
            if args.verbose:
                gained = [n for n, d in lf.values.items() if d and not sf.values.get(n, False)]
                if gained:
                    print(f"    uniform for simtc only: {' '.join(gained)}")
                gained_b = [b for b, d in lf.branches.items() if d and not sf.branches.get(b, False)]
                if gained_b:
                    print(f"    uniform branches for simtc only: {' '.join(gained_b)}")
                if lf.exit_cycles != sf.exit_cycles:
                    print(f"    cycles with divergent exit differ: llvm {len(lf.exit_cycles)} simtc {len(sf.exit_cycles)}")
                if lf.assumed_cycles != sf.assumed_cycles:
                    print(f"    cycles assumed divergent differ: llvm {len(lf.assumed_cycles)} simtc {len(sf.assumed_cycles)}")
                if lf.lines and sf.lines and lf.lines != sf.lines:
                    diff = [(a, b) for a, b in zip(lf.lines, sf.lines) if a != b]
                    print(f"    {len(diff) + abs(len(lf.lines) - len(sf.lines))} instruction lines differ in text")
                    for a, b in diff[:3]:
                        print(f"      llvm:  {a}\n      simtc: {b}")
    print(f"{'total':<49} {totals[0]:>11} {totals[1]:>10} {totals[2]:>11} {totals[3]:>10}")
    if failures:
        print("\nFAIL: simtc calls divergent what LLVM proves uniform:")
        for f in failures:
            print(f"  {f}")
        return 1
    print("\nok: every value and branch LLVM calls uniform is uniform for simtc")
    return 0


if __name__ == "__main__":
    sys.exit(main())
