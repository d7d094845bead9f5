#!/usr/bin/env python3
"""SASS side by side: simtc -O3 against llc-19 -O3 on every LLVM IR module of a directory.

    python3 scripts/sass-compare.py DIR [--arch sm_90] [--simtc PATH] [--tsv OUT.tsv] [--jobs N] [-- SIMTC ARGS...]

For each `DIR/*.ll`: `simtc compile -O3` and `llc -O3 -march=nvptx64`, then `ptxas -O3 -c -v` (relocatable, so
modules with external device functions assemble) and `cuobjdump -sass`. Per kernel (`.entry`): SASS instructions
(NOPs and the closing self-branch excluded, as `simtc bench` counts them), FFMA-class instructions (FFMA, FFMA32I,
DFMA, HFMA2, HFMA2.MMA without ptxas's `-RZ, RZ` constant-move idiom), ptxas registers and spill bytes, and
theoretical occupancy (the rules of crates/simtc/src/bench/occupancy.rs, restated in `occupancy()` below) at the
kernel's `.reqntid`/`.maxntid` block size when its PTX declares one, else at --block threads (default 256), with its
static shared memory from `ptxas -v` (dynamic shared memory is unknown here and counted as 0). Prints one
summary line (the figures of issue 26's criteria) and, with --tsv, one row per kernel sorted by simtc/llc, worst
first. Modules that either compiler rejects are skipped and counted. The tools come from the checkout's tools/
(scripts/install-tools.sh) and /usr/lib/llvm-19/bin unless SIMTC_CUDA13 / SIMTC_LLVM_BIN say otherwise.
"""
import argparse, math, os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sass_count  # noqa: E402  (scripts/sass_count.py: the counting rules)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CUDA = os.environ.get('SIMTC_CUDA13', os.path.join(ROOT, 'tools/cuda13/nvidia/cu13'))
LLVM = os.environ.get('SIMTC_LLVM_BIN', '/usr/lib/llvm-19/bin')


KIB = 1024
# Per-SM limits: (max warps, max blocks, largest shared-memory carveout, per-block maximum, reserved per block,
# allocation unit), as in crates/simtc/src/bench/occupancy.rs.
_SM7 = lambda w, b, smem: (w, b, smem, smem, 0, 256)  # noqa: E731
_SM8 = lambda w, b, smem: (w, b, smem, smem - KIB, KIB, 128)  # noqa: E731
LIMITS = {70: _SM7(64, 32, 96 * KIB), 72: _SM7(64, 32, 96 * KIB), 75: _SM7(32, 16, 64 * KIB),
          80: _SM8(64, 32, 164 * KIB), 86: _SM8(48, 16, 100 * KIB), 87: _SM8(48, 16, 164 * KIB),
          89: _SM8(48, 24, 100 * KIB), 90: _SM8(64, 32, 228 * KIB), 100: _SM8(64, 32, 228 * KIB),
          103: _SM8(64, 32, 228 * KIB), 110: _SM8(48, 24, 228 * KIB), 120: _SM8(48, 32, 100 * KIB),
          121: _SM8(48, 32, 100 * KIB)}


def occupancy(arch, threads, regs, smem):
    """Theoretical occupancy (active warps / warp slots) of a block of `threads` threads, `regs` registers per
    thread and `smem` bytes of shared memory on `arch`; None for a target the table does not know."""
    m = re.match(r'sm_(\d+)', arch)
    lim = LIMITS.get(int(m.group(1))) if m else None
    if lim is None:
        return None
    max_warps, max_blocks, smem_sm, smem_block, reserved, unit = lim
    if threads == 0 or threads > 1024 or regs > 255 or smem > smem_block:
        return 0.0
    warps = -(-threads // 32)
    per_warp = -(-(32 * max(regs, 1)) // 256) * 256
    by_regs = 4 * (16 * KIB // per_warp) // warps
    by_smem = smem_sm // (-(-(smem + reserved) // unit) * unit) if smem else max_blocks
    return min(max_blocks, max_warps // warps, by_regs, by_smem) * warps / max_warps


def block_sizes(ptx):
    """{entry: threads} for the entries whose PTX declares .reqntid or .maxntid."""
    out = {}
    for m in re.finditer(r'\.entry\s+([\w$.]+)\s*\((.*?)\)([^{]*)\{', ptx, re.S):
        d = re.search(r'\.(?:reqntid|maxntid)\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?', m.group(3))
        if d:
            out[m.group(1)] = int(d.group(1)) * int(d.group(2) or 1) * int(d.group(3) or 1)
    return out


def kernels_of(ptx, arch, tmp):
    """{entry: {n, ffma, regs, spill, smem}} of one PTX file, or None when ptxas rejects it."""
    obj = os.path.join(tmp, 'k.o')
    r = subprocess.run([os.path.join(CUDA, 'bin/ptxas'), '-O3', '-c', '-v', '-arch=' + arch, '-o', obj, ptx],
                       capture_output=True, text=True)
    if r.returncode:
        return None
    ent, cur, props = {}, None, None
    for line in r.stderr.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            cur = m.group(1)
            ent[cur] = {'regs': 0, 'spill': 0, 'n': 0, 'ffma': 0, 'smem': 0}
            continue
        m = re.search(r'Function properties for (\S+)', line)
        if m:
            props = m.group(1)
            continue
        m = re.search(r'(\d+) bytes spill stores, (\d+) bytes spill loads', line)
        if m and cur and props == cur:
            ent[cur]['spill'] = int(m.group(1)) + int(m.group(2))
        m = re.search(r'Used (\d+) registers', line)
        if m and cur:
            ent[cur]['regs'] = int(m.group(1))
            sm = re.search(r'(\d+) bytes smem', line)
            ent[cur]['smem'] = int(sm.group(1)) if sm else 0
            cur = None
    out = subprocess.run([os.path.join(CUDA, 'bin/cuobjdump'), '-sass', obj], capture_output=True, text=True).stdout
    for name, counts in sass_count.functions(out).items():
        if name in ent:
            ent[name].update(counts)
    with open(ptx) as f:
        sizes = block_sizes(f.read())
    for name, e in ent.items():
        e['occ'] = occupancy(arch, sizes.get(name, BLOCK), e['regs'], e['smem'])
    return ent


BLOCK = 256


def fmt(occ):
    return '-' if occ is None else f'{occ:.3f}'


def compare(ll, a):
    with tempfile.TemporaryDirectory() as tmp:
        s_ptx, l_ptx = os.path.join(tmp, 's.ptx'), os.path.join(tmp, 'l.ptx')
        if subprocess.run([a.simtc, 'compile', ll, '-O3', '--mcpu', a.arch, '-o', s_ptx] + a.simtc_args,
                          capture_output=True).returncode:
            return ll, None, None
        if subprocess.run([os.path.join(LLVM, 'llc'), '-O3', '-march=nvptx64', '-mcpu=' + a.arch, ll, '-o', l_ptx],
                          capture_output=True).returncode:
            return ll, None, None
        return ll, kernels_of(s_ptx, a.arch, tmp), kernels_of(l_ptx, a.arch, tmp)


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('dir')
    p.add_argument('--arch', default='sm_90')
    p.add_argument('--simtc', default=os.path.join(ROOT, 'target/release/simtc'))
    p.add_argument('--tsv')
    p.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    p.add_argument('--block', type=int, default=256, help='threads per block for occupancy where the PTX declares none')
    p.add_argument('simtc_args', nargs='*', help='extra `simtc compile` arguments (after --)')
    a = p.parse_args()
    global BLOCK
    BLOCK = a.block
    files = sorted(os.path.join(a.dir, f) for f in os.listdir(a.dir) if f.endswith('.ll'))
    rows, skipped = [], 0
    with ThreadPoolExecutor(a.jobs) as pool:
        for ll, s, l in pool.map(lambda f: compare(f, a), files):
            if s is None or l is None:
                skipped += 1
                continue
            for k in s:
                if k in l and s[k]['n'] and l[k]['n']:
                    rows.append((os.path.basename(ll)[:-3], k, s[k], l[k]))
    n = len(rows)
    if not n:
        sys.exit('no kernel compiled by both')
    le = sum(r[2]['n'] <= r[3]['n'] for r in rows)
    geo = math.exp(sum(math.log(r[2]['n'] / r[3]['n']) for r in rows) / n)
    regs = sum(r[2]['regs'] <= r[3]['regs'] for r in rows)
    ffma = (sum(r[2]['ffma'] for r in rows), sum(r[3]['ffma'] for r in rows))
    spill = [r for r in rows if r[2]['spill'] and not r[3]['spill']]
    known = [r for r in rows if r[2]['occ'] is not None and r[3]['occ'] is not None]
    occ = sum(r[2]['occ'] >= r[3]['occ'] for r in known)
    print(f'{len(files) - skipped} modules ({skipped} rejected by a compiler or ptxas), {n} kernels, {a.arch}: SASS <= llc-19 on {le} '
          f'({100 * le / n:.0f}%), geomean simtc/llc {geo:.3f}; registers <= llc on {regs} ({100 * regs / n:.0f}%); '
          f'FFMA-class {ffma[0]} vs {ffma[1]}; spills where llc does not: {len(spill)}; occupancy >= llc on {occ} '
          f'({100 * occ / max(len(known), 1):.0f}%, block {a.block} unless declared)')
    if a.tsv:
        with open(a.tsv, 'w') as out:
            out.write('module\tkernel\tsimtc SASS\tllc SASS\tratio\tsimtc regs\tllc regs\tsimtc FFMA\tllc FFMA\t'
                      'simtc spill\tllc spill\tsimtc occupancy\tllc occupancy\n')
            for r in sorted(rows, key=lambda r: r[2]['n'] / r[3]['n'], reverse=True):
                s, l = r[2], r[3]
                out.write(f"{r[0]}\t{r[1]}\t{s['n']}\t{l['n']}\t{s['n'] / l['n']:.2f}\t{s['regs']}\t{l['regs']}\t"
                          f"{s['ffma']}\t{l['ffma']}\t{s['spill']}\t{l['spill']}\t{fmt(s['occ'])}\t{fmt(l['occ'])}\n")


if __name__ == '__main__':
    main()
