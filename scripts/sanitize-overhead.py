#!/usr/bin/env python3
"""Cost of `simtc run --sanitize all` over the example kernels' launch specs (issue 28: at most 5x).

For every examples/kernels/K.toml the kernel's PTX is produced once by simtc (`simtc compile K.ll`), then
`simtc run K.toml --ptx K.ptx --jobs 1` runs REPS times without and REPS times with `--sanitize all`. The CPU time
of each run (user + system, from wait4, so other jobs on a shared machine do not inflate it) is measured; the
best of the REPS runs counts. Prints a table per kernel and the ratio of the totals, which is the figure
doc/sanitizer.md reports. Whole-process times: PTX reading and start-up are included on both sides.

usage: scripts/sanitize-overhead.py [SIMTC] [REPS]   (default target/release/simtc, 3)
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIMTC = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/release/simtc")
REPS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
KDIR = os.path.join(ROOT, "examples/kernels")


def cpu_time(args):
    """CPU seconds (user + system) of one run and its exit status."""
    with open(os.devnull, "wb") as null:
        p = subprocess.Popen(args, stdout=null, stderr=null)
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    return ru.ru_utime + ru.ru_stime, p.returncode


def main():
    tmp = tempfile.mkdtemp(prefix="simtc-san-cost-")
    total_off = total_on = 0.0
    print(f"{'kernel':16} {'off (ms)':>9} {'all (ms)':>9} {'ratio':>6}")
    worst = (0.0, "")
    for name in sorted(f[:-5] for f in os.listdir(KDIR) if f.endswith(".toml")):
        ll = os.path.join(KDIR, name + ".ll")
        if not os.path.exists(ll):
            continue
        ptx = os.path.join(tmp, name + ".ptx")
        subprocess.run([SIMTC, "compile", ll, "-o", ptx], check=True)
        spec = os.path.join(KDIR, name + ".toml")
        base = [SIMTC, "run", spec, "--ptx", ptx, "--jobs", "1"]
        off = min(cpu_time(base)[0] for _ in range(REPS))
        runs = [cpu_time(base + ["--sanitize", "all"]) for _ in range(REPS)]
        if any(rc != 0 for _, rc in runs):
            sys.exit(f"{name}: --sanitize all exited {runs[0][1]} (a finding on an example is a false positive)")
        on = min(t for t, _ in runs)
        total_off += off
        total_on += on
        r = on / off if off > 0 else 0.0
        worst = max(worst, (r, name))
        print(f"{name:16} {off * 1e3:9.1f} {on * 1e3:9.1f} {r:6.2f}")
    print(f"{'total':16} {total_off * 1e3:9.1f} {total_on * 1e3:9.1f} {total_on / total_off:6.2f}")
    print(f"worst kernel: {worst[1]} ({worst[0]:.2f}x)")


if __name__ == "__main__":
    main()
