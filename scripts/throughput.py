#!/usr/bin/env python3
"""Compile throughput of simtc -O3 against llc-19 on large modules (issue 27), side by side.

Usage: scripts/throughput.py [--simtc PATH] [--llc PATH] [--runs N] [--doc FILE] [--no-generated] [DIR_OR_LL...]

Modules measured:
  libdevice     NVIDIA's libdevice.10.bc from the installed tools (tools/**/libdevice.10.bc), converted with
                llvm-dis-19; preprocessing makes its internal functions external and sets the nvptx64-nvidia-cuda
                triple so that llc and simtc compile every one of its functions.
  examples      every examples/kernels/*.ll on its own, and all of them linked into one module (llvm-link-19).
  generated     scripts/gen-large-module.py: about 1M instructions in 200 functions (--no-generated skips it).
  DIR_OR_LL     any further .ll files or directories of .ll files (a sample of real CUDA programs: reported per
                module for the largest ten and in total); files either compiler rejects are skipped and counted.

Per module: CPU time (user+sys, from wait4's rusage, best of --runs) of `llc -march=nvptx64 -mcpu=sm_90 -O3` and
of `simtc compile -O3 --mcpu sm_90` on one thread (-j 1), the wall time of simtc on one and on all cores (best of
--runs), and the peak RSS of each. The two compilers run interleaved, one process at a
time, so load from other work affects both alike. Peak RSS comes from one more run of each under /usr/bin/time
(GNU time's %M). The per-pass times of `simtc --time-passes -j 1` (each pass's best of
--runs) are summed over each set. The report (Markdown) goes to standard output, or replaces the section between the markers
`<!-- throughput:begin -->` and `<!-- throughput:end -->` of --doc FILE (appended when the markers are absent).
Nothing fetched is written into the repository: generated and converted modules live in a temporary directory.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LLVM = Path("/usr/lib/llvm-19/bin")


def tool(name: str) -> str:
    for c in (LLVM / name, Path(f"/usr/bin/{name}-19")):
        if c.is_file():
            return str(c)
    return name


def run_measured(cmd, env=None):
    """Runs cmd; returns (ok, cpu seconds, wall seconds, peak RSS in KiB)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode == 0, ru.ru_utime + ru.ru_stime, wall, ru.ru_maxrss


def peak_rss(cmd, env=None):
    """Peak RSS in KiB of cmd, through /usr/bin/time (wait4's ru_maxrss of a child forked from Python starts at
    the Python process's own RSS, ~20 MiB, a floor that hides small compiles); None without /usr/bin/time."""
    if not os.path.exists("/usr/bin/time"):
        return None
    with tempfile.NamedTemporaryFile("r") as f:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", f.name, *cmd], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=env)
        try:
            return int(f.read().split()[-1])
        except (ValueError, IndexError):
            return None


def env_threads(n):
    e = dict(os.environ)
    e["SIMTC_THREADS"] = str(n)
    return e


def measure(path, simtc, llc, runs):
    """Best-of-runs figures for one module, or None when either compiler rejects it."""
    llc_cmd = [llc, "-march=nvptx64", "-mcpu=sm_90", "-O3", str(path), "-o", os.devnull]
    s_cmd = [simtc, "compile", str(path), "-O3", "--mcpu", "sm_90", "-o", os.devnull]
    r = {"llc_cpu": [], "llc_wall": [], "llc_rss": [], "cpu1": [], "wall1": [], "rss1": [], "walln": [], "rssn": []}
    for _ in range(runs):
        ok, c, w, m = run_measured(llc_cmd)
        if not ok:
            return None
        r["llc_cpu"].append(c), r["llc_wall"].append(w), r["llc_rss"].append(m)
        ok, c, w, m = run_measured(s_cmd, env_threads(1))
        if not ok:
            return None
        r["cpu1"].append(c), r["wall1"].append(w), r["rss1"].append(m)
        ok, c, w, m = run_measured(s_cmd, env_threads(0))
        if not ok:
            return None
        r["walln"].append(w), r["rssn"].append(m)
    out = {k: min(v) for k, v in r.items()}
    for key, cmd, env in (("llc_rss", llc_cmd, None), ("rss1", s_cmd, env_threads(1)), ("rssn", s_cmd, env_threads(0))):
        m = peak_rss(cmd, env)
        if m is not None:
            out[key] = m
    return out


def pass_times(path, simtc, runs):
    """Per-pass seconds of `--time-passes -j 1`, each pass's best over `runs` runs."""
    times = {}
    for _ in range(runs):
        out = subprocess.run([simtc, "compile", str(path), "-O3", "--mcpu", "sm_90", "-o", os.devnull,
                              "--time-passes"], env=env_threads(1), capture_output=True, text=True)
        for line in out.stderr.splitlines():
            m = re.match(r"\s+([0-9.]+) \(\s*[0-9.]+%\)\s+(\S+)$", line)
            if m:
                times[m.group(2)] = min(times.get(m.group(2), float("inf")), float(m.group(1)))
    return times


def libdevice(tmp):
    found = sorted(glob.glob(str(ROOT / "tools" / "**" / "libdevice.10.bc"), recursive=True))
    if not found:
        print("note: no libdevice.10.bc under tools/ (scripts/install-tools.sh installs it)", file=sys.stderr)
        return None
    raw = tmp / "libdevice.raw.ll"
    subprocess.run([tool("llvm-dis"), found[0], "-o", str(raw)], check=True)
    text = raw.read_text()
    text = re.sub(r"^define internal ", "define ", text, flags=re.M)
    text = re.sub(r'^target triple = ".*"$', 'target triple = "nvptx64-nvidia-cuda"', text, flags=re.M)
    out = tmp / "libdevice.ll"
    out.write_text(text)
    return out


def fmt_row(name, r, size):
    ratio = r["llc_cpu"] / r["cpu1"] if r["cpu1"] > 0 else float("inf")
    return (f"| {name} | {size / 1e6:.2f} | {r['llc_cpu'] * 1e3:.1f} | {r['cpu1'] * 1e3:.1f} | **{ratio:.1f}×** | "
            f"{r['wall1'] * 1e3:.1f} | {r['walln'] * 1e3:.1f} | {r['walln'] / r['wall1']:.2f} | "
            f"{r['llc_rss'] / 1024:.1f} | {r['rss1'] / 1024:.1f} | {r['rssn'] / 1024:.1f} |")


HEADER = ("| module | MB of IR | llc CPU ms | simtc CPU ms (-j 1) | llc / simtc CPU | simtc wall -j 1 (ms) | "
          "simtc wall all cores (ms) | all / 1 | llc RSS MiB | simtc RSS MiB -j 1 | simtc RSS all cores |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")


def pass_table(title, times):
    total = sum(times.values()) or 1.0
    rows = sorted(times.items(), key=lambda kv: -kv[1])
    s = [f"\n**Pass times summed over {title}** (`--time-passes -j 1`, best of the runs, total {total * 1e3:.1f} ms):\n",
         "| pass | ms | share |", "|---|---:|---:|"]
    s += [f"| {n} | {t * 1e3:.2f} | {100 * t / total:.1f}% |" for n, t in rows]
    return "\n".join(s)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--simtc", default=str(ROOT / "target/release/simtc"))
    ap.add_argument("--llc", default=tool("llc"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--doc")
    ap.add_argument("--no-generated", action="store_true")
    ap.add_argument("--generated-size", type=int, default=1_000_000)
    ap.add_argument("paths", nargs="*")
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="simtc-throughput-"))
    out = [f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {os.cpu_count()} cores with "
           f"`scripts/throughput.py --runs {a.runs}`: simtc `{Path(a.simtc).relative_to(ROOT) if Path(a.simtc).is_relative_to(ROOT) else a.simtc}` "
           f"against `llc -march=nvptx64 -mcpu=sm_90 -O3` (LLVM 19). CPU time is user+sys of the whole process, best "
           f"of {a.runs}; wall times best of {a.runs}; RSS is the peak resident set.\n"]

    sets = []
    ld = libdevice(tmp)
    if ld:
        sets.append(("libdevice", [ld], False))
    examples = sorted((ROOT / "examples" / "kernels").glob("*.ll"))
    allex = tmp / "all-examples.ll"
    if subprocess.run([tool("llvm-link"), "-S", *map(str, examples), "-o", str(allex)]).returncode == 0:
        sets.append(("all examples in one module (llvm-link)", [allex], False))
    sets.append(("examples (each module)", examples, False))
    if not a.no_generated:
        gen = tmp / "generated-1M.ll"
        with open(gen, "w") as f:
            subprocess.run([sys.executable, str(ROOT / "scripts" / "gen-large-module.py"), str(a.generated_size)],
                           stdout=f, check=True)
        sets.append((f"generated ({a.generated_size:,} instructions)", [gen], False))
    for p in a.paths:
        files = sorted(Path(p).glob("*.ll")) if Path(p).is_dir() else [Path(p)]
        sets.append((f"real sample `{p}` ({len(files)} files)", files, True))

    summary = []
    for title, files, is_sample in sets:
        rows, skipped = [], 0
        total = {"llc_cpu": 0.0, "cpu1": 0.0, "wall1": 0.0, "walln": 0.0, "llc_rss": 0, "rss1": 0, "rssn": 0,
                 "llc_wall": 0.0}
        times = {}
        worst = None
        for f in files:
            r = measure(f, a.simtc, a.llc, a.runs)
            if r is None:
                skipped += 1
                continue
            size = f.stat().st_size
            rows.append((f, r, size))
            for k in ("llc_cpu", "cpu1", "wall1", "walln", "llc_wall"):
                total[k] += r[k]
            for k in ("llc_rss", "rss1", "rssn"):
                total[k] = max(total[k], r[k])
            ratio = r["llc_cpu"] / max(r["cpu1"], 1e-9)
            if worst is None or ratio < worst[1]:
                worst = (f.stem, ratio)
            for n, t in pass_times(f, a.simtc, a.runs).items():
                times[n] = times.get(n, 0.0) + t
            print(f"{f.name}: llc {r['llc_cpu']:.4f}s simtc {r['cpu1']:.4f}s", file=sys.stderr)
        if not rows:
            continue
        out.append(f"\n### {title}\n")
        if skipped:
            out.append(f"{skipped} file(s) skipped (rejected by llc or simtc).\n")
        out.append(HEADER)
        shown = rows
        if is_sample and len(rows) > 10:
            shown = sorted(rows, key=lambda x: -x[2])[:10]
        for f, r, size in shown:
            out.append(fmt_row(f.stem, r, size))
        if len(rows) > 1:
            out.append(fmt_row(f"**total ({len(rows)} modules)**", total, sum(s for _, _, s in rows)))
            out.append(f"\nLowest per-module ratio: {worst[0]} {worst[1]:.1f}×. RSS of the total row: largest "
                       f"single module." + (" Per-module rows: the ten largest." if shown is not rows else ""))
        summary.append((title, total["llc_cpu"] / max(total["cpu1"], 1e-9)))
        out.append(pass_table(title, times))
    text = "\n".join(out) + "\n"
    if a.doc:
        doc = Path(a.doc)
        old = doc.read_text() if doc.exists() else ""
        begin, end = "<!-- throughput:begin -->", "<!-- throughput:end -->"
        block = f"{begin}\n{text}{end}"
        if begin in old and end in old:
            new = old[:old.index(begin)] + block + old[old.index(end) + len(end):]
        else:
            new = old + ("\n" if old and not old.endswith("\n") else "") + block + "\n"
        doc.write_text(new)
    else:
        sys.stdout.write(text)
    for title, ratio in summary:
        print(f"{title}: llc/simtc CPU {ratio:.1f}x", file=sys.stderr)


if __name__ == "__main__":
    main()
