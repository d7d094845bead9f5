#!/usr/bin/env python3
"""Static and dynamic instruction counts of the value-redundancy passes (issue 16), per example kernel.

For every examples/kernels/K.ll with a launch spec K.toml, each configuration below is compiled for --mcpu
(default sm_90) and run in the emulator (`simtc run --metrics`); the table reports, per configuration,

  static   instruction lines of the whole PTX file (every entry and function; no directives, labels, braces,
           comments or call-sequence framing)
  movs     those lines whose opcode is `mov.*`
  warp     emulated warp instructions (`warp_instructions` of the metrics)

Configurations: simtc -O0; simtc -O3 without this round's changes (`--disable-pass reassociate --knob
CombineFma=false`); simtc -O3 with reassociate but no fma (`--knob CombineFma=false`); simtc -O3 (default:
reassociate and fma on); simtc -O3 with backcopyprop enabled
(`--knob AdvancedPhaseBackPropVReg=true`); llc-19 -O3.

Usage: scripts/value-redundancy-metrics.py [--mcpu sm_90] [--only K,K2]  (prints a Markdown table)
Tools: $SIMTC (default target/release/simtc), $LLC (/usr/lib/llvm-19/bin/llc).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIMTC = Path(os.environ.get("SIMTC", ROOT / "target/release/simtc"))
LLC = Path(os.environ.get("LLC", "/usr/lib/llvm-19/bin/llc"))

CONFIGS = [
    ("O0", ["-O0"]),
    ("O3 before", ["-O3", "--disable-pass", "reassociate", "--knob", "CombineFma=false"]),
    ("O3 reassociate only", ["-O3", "--knob", "CombineFma=false"]),
    ("O3", ["-O3"]),
    ("O3 +backcopyprop", ["-O3", "--knob", "AdvancedPhaseBackPropVReg=true"]),
    ("llc-19", None),
]

SKIP = re.compile(r"^(\.|//|\{|\}|\$|[A-Za-z_$][\w$]*:|@@)")


def counts(ptx):
    static = movs = 0
    for line in ptx.splitlines():
        s = line.strip()
        if not s or SKIP.match(s) or s.startswith(")") or s.startswith("("):
            continue
        # Instruction lines are indented and end with ';' (parameter lists and declarations were skipped above).
        # llc splits `call` over several lines; count its first line.
        if not line.startswith("\t") or not (s.endswith(";") or s.startswith("call")):
            continue
        op = s.split()[0]
        if op.startswith("@"):
            op = s.split()[1]
        static += 1
        if op.startswith("mov."):
            movs += 1
    return static, movs


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))}: {r.stderr.strip()}")
    return r.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mcpu", default="sm_90")
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    kernels = sorted(p.stem for p in (ROOT / "examples/kernels").glob("*.toml") if (p.with_suffix(".ll")).exists())
    if a.only:
        kernels = [k for k in kernels if k in a.only.split(",")]
    print("| example | " + " | ".join(f"{c} static / movs / warp" for c, _ in CONFIGS) + " |")
    print("|---|" + "---|" * len(CONFIGS))
    with tempfile.TemporaryDirectory() as tmp:
        for k in kernels:
            ll = ROOT / "examples/kernels" / f"{k}.ll"
            spec = ROOT / "examples/kernels" / f"{k}.toml"
            cells = []
            for label, flags in CONFIGS:
                ptx = Path(tmp) / f"{k}.ptx"
                try:
                    if flags is None:
                        run([LLC, "-O3", "-march=nvptx64", f"-mcpu={a.mcpu}", ll, "-o", ptx])
                    else:
                        run([SIMTC, "compile", ll, "--mcpu", a.mcpu, *flags, "-o", ptx])
                    s, m = counts(ptx.read_text())
                    out = run([SIMTC, "run", spec, "--ptx", ptx, "--metrics", "-"])
                    met = json.loads(out[out.index("{"):])
                    cells.append(f"{s} / {m} / {met['warp_instructions']}")
                except (RuntimeError, json.JSONDecodeError, KeyError) as e:
                    print(f"warning: {k} {label}: {e}", file=sys.stderr)
                    cells.append("—")
            print(f"| {k} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
