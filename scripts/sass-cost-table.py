#!/usr/bin/env python3
"""Regenerates crates/emu/src/sass_cost/table.tsv: the SASS instructions each PTX instruction form becomes, per target.

    python3 scripts/sass-cost-table.py            # needs tools/ (scripts/install-tools.sh): ptxas 13, ptxas 12.9, cuobjdump

Method. For every form (opcode with its modifiers, e.g. `div.rn.f32`) and target, two kernels are compiled with
`ptxas -O3` and their SASS counted (`cuobjdump -sass`, without NOPs and the closing self-branch):
  K1 loads a set of operands from global memory (one scalar load each), applies the form and stores the result;
  K2 does the same for two independent sets (no common subexpression) and stores both results.
A set's overhead is one LDG per operand (plus the ISETP that makes a predicate operand), one STG, and for a
predicate result (`setp`) the SEL that turns it into a value; the kernel's own overhead (parameter loads, EXIT) is a
copy kernel's count minus its load and store. The cost is the larger of K1 minus both overheads and K2 - K1 minus a
set's overhead: the first counts a subroutine ptxas calls (64-bit division) in full, the second ignores set-up that
two instances share; it is at least 1 except for conversions (a narrowing `cvt` renames a register). Costs are
static: a subroutine with a fast path counts both paths. Forms on 16-bit registers include the widening ptxas adds
around them. Forms not in the table cost 1; a register copy (`mov` between registers) costs 0 in the emulator's estimate (ptxas's allocator removes it).
"""
import os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sass_count  # noqa: E402  (scripts/sass_count.py: the counting rules)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CU13 = os.path.join(ROOT, 'tools/cuda13/nvidia/cu13/bin')
PTXAS12 = os.path.join(ROOT, 'tools/cuda12/nvidia/cuda_nvcc/bin/ptxas')
TARGETS = ['sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90', 'sm_100', 'sm_120']
OUT = os.path.join(ROOT, 'crates/emu/src/sass_cost/table.tsv')

REG = {'b16': 'h', 'b32': 'r', 'b64': 'd', 'pred': 'p'}
def bits(t):
    if t == 'pred': return 'pred'
    if t in ('f16x2', 'bf16x2'): return 'b32'
    if t in ('s8', 'u8', 'b8'): return 'b16'
    n = int(''.join(c for c in t if c.isdigit()))
    return 'b%d' % max(n, 16)

# (form, result type, operand types, extra operand text appended after the operands)
FORMS = []
def f(form, dst, srcs, tail=''):
    FORMS.append((form, dst, srcs, tail))
for t in ('s16', 'u16', 's32', 'u32', 's64', 'u64'):
    f('add.' + t, t, [t, t]); f('sub.' + t, t, [t, t]); f('mul.lo.' + t, t, [t, t]); f('mul.hi.' + t, t, [t, t])
    f('mad.lo.' + t, t, [t, t, t]); f('div.' + t, t, [t, t]); f('rem.' + t, t, [t, t]); f('min.' + t, t, [t, t])
    f('max.' + t, t, [t, t]); f('setp.lt.' + t, 'pred', [t, t]); f('setp.eq.' + t, 'pred', [t, t])
    if t[0] == 's':
        f('abs.' + t, t, [t]); f('neg.' + t, t, [t])
for t in ('s16', 'u16', 's32', 'u32'):
    w = t[0] + str(2 * int(t[1:]))
    f('mul.wide.' + t, w, [t, t]); f('mad.wide.' + t, w, [t, t, w])
for t in ('s32', 'u32'):
    f('mad.hi.' + t, t, [t, t, t]); f('sad.' + t, t, [t, t, t]); f('bfe.' + t, t, [t, 'u32', 'u32'])
for t in ('s64', 'u64'):
    f('bfe.' + t, t, [t, 'u32', 'u32'])
for b in ('b32', 'b64'):
    for op in ('and', 'or', 'xor'):
        f('%s.%s' % (op, b), b, [b, b])
    f('not.' + b, b, [b]); f('shl.' + b, b, [b, 'u32']); f('popc.' + b, 'u32', [b]); f('clz.' + b, 'u32', [b])
    f('brev.' + b, b, [b]); f('bfi.' + b, b, [b, b, 'u32', 'u32']); f('selp.' + b, b, [b, b, 'pred'])
for t in ('s32', 'u32', 's64', 'u64'):
    f('shr.' + t, t, [t, 'u32']); f('bfind.' + t, 'u32', [t])
f('prmt.b32', 'b32', ['b32', 'b32', 'b32'])
f('shf.l.wrap.b32', 'b32', ['b32', 'b32', 'u32']); f('shf.r.clamp.b32', 'b32', ['b32', 'b32', 'u32'])
for t in ('f32', 'f64'):
    for op in ('add', 'sub', 'mul', 'min', 'max'):
        f('%s.%s' % (op, t) if op in ('min', 'max') else '%s.rn.%s' % (op, t), t, [t, t])
    f('fma.rn.' + t, t, [t, t, t]); f('div.rn.' + t, t, [t, t]); f('rcp.rn.' + t, t, [t]); f('sqrt.rn.' + t, t, [t])
    f('abs.' + t, t, [t]); f('neg.' + t, t, [t]); f('setp.lt.' + t, 'pred', [t, t]); f('setp.eq.' + t, 'pred', [t, t])
    f('testp.finite.' + t, 'pred', [t]); f('copysign.' + t, t, [t, t])
f('add.f32', 'f32', ['f32', 'f32']); f('mul.f32', 'f32', ['f32', 'f32']); f('sub.f32', 'f32', ['f32', 'f32'])
f('add.f64', 'f64', ['f64', 'f64']); f('mul.f64', 'f64', ['f64', 'f64']); f('sub.f64', 'f64', ['f64', 'f64'])
f('mad.rn.f32', 'f32', ['f32', 'f32', 'f32'])
f('div.approx.f32', 'f32', ['f32', 'f32']); f('div.full.f32', 'f32', ['f32', 'f32'])
for op in ('rcp', 'sqrt', 'rsqrt', 'ex2', 'lg2', 'sin', 'cos'):
    f(op + '.approx.f32', 'f32', ['f32'])
f('rcp.approx.ftz.f64', 'f64', ['f64']); f('rsqrt.approx.f64', 'f64', ['f64'])
f('tanh.approx.f32', 'f32', ['f32'])
for t in ('f16', 'f16x2'):
    f('add.rn.' + t, t, [t, t]); f('mul.rn.' + t, t, [t, t]); f('fma.rn.' + t, t, [t, t, t])
CVTS = [('rn', 'f32', 's32'), ('rn', 'f32', 'u32'), ('rzi', 's32', 'f32'), ('rzi', 'u32', 'f32'), ('rni', 's32', 'f32'),
        ('rmi', 's32', 'f32'), ('rn', 'f64', 's32'), ('rzi', 's32', 'f64'), ('', 'f64', 'f32'), ('rn', 'f32', 'f64'),
        ('rn', 'f32', 's64'), ('rzi', 's64', 'f32'), ('rn', 'f64', 's64'), ('rzi', 's64', 'f64'), ('rn', 'f64', 'u64'),
        ('rzi', 'u64', 'f64'), ('rn', 'f16', 'f32'), ('', 'f32', 'f16'), ('rni', 'f32', 'f32'), ('rmi', 'f32', 'f32'),
        ('rzi', 'f32', 'f32'), ('rpi', 'f32', 'f32'), ('rni', 'f64', 'f64'), ('rmi', 'f64', 'f64'), ('', 's64', 's32'),
        ('', 'u64', 'u32'), ('', 'u32', 'u64'), ('', 's32', 's16'), ('', 's16', 's32'), ('', 's32', 's8'),
        ('', 'u32', 'u8'), ('', 'u16', 'u32')]
for rnd, d, s in CVTS:
    f('cvt.%s%s.%s' % (rnd + '.' if rnd else '', d, s), d, [s])
f('cvt.u32.u32', 'u32', ['u32'])  # a plain copy: the calibration

def kernel(arch, form, dst, srcs, tail, n):
    regs = {k: 0 for k in REG}
    def new(t):
        b = bits(t); regs[b] += 1
        return '%%%s%d' % (REG[b], regs[b])
    body = ['ld.param.u64 %rd_o, [out];', 'ld.param.u64 %rd_i, [in];']
    sets = []
    off = 0
    for k in range(2):
        ins = []
        for t in srcs:
            r = new(t)
            if t == 'pred':
                body.append('ld.global.u32 %%r_t%d, [%%rd_i+%d];' % (off, off))
                body.append('setp.ne.u32 %s, %%r_t%d, 0;' % (r, off))
                body.append('.reg .b32 %%r_t%d;' % off)
                off += 8
            else:
                body.append('ld.global.%s %s, [%%rd_i+%d];' % (bits(t), r, off))
                off += 8
            ins.append(r)
        sets.append(ins)
    outs = []
    for k in range(n):
        ins = sets[k]
        if form is None:
            outs.append((ins[0], srcs[0]))
            continue
        r = new(dst)
        op = form
        body.append('%s %s, %s%s;' % (op, r, ', '.join(ins), tail))
        outs.append((r, dst))
    for k, (r, t) in enumerate(outs):
        if t == 'pred':
            v = new('b32')
            body.append('selp.b32 %s, 1, 0, %s;' % (v, r))
            r, t = v, 'b32'
        body.append('st.global.%s [%%rd_o+%d], %s;' % (bits(t), 16 * k, r))
    decl = ''.join('.reg .%s %%%s<%d>;\n' % (b, REG[b], regs[b] + 1) for b in REG)
    decl += '.reg .b64 %rd_o;\n.reg .b64 %rd_i;\n'
    body = [l for l in body if l.startswith('.reg')] + [l for l in body if not l.startswith('.reg')]
    ver = {'sm_100': '8.6', 'sm_120': '8.7'}.get(arch, '7.8')
    return ('.version %s\n.target %s\n.address_size 64\n.visible .entry k(.param .u64 out, .param .u64 in)\n{\n%s%s\nret;\n}\n'
            % (ver, arch, decl, '\n'.join(body)))

def sass_of(ptx, arch, tmp):
    """SASS instructions of the one-kernel PTX `ptx` on `arch` (None when ptxas rejects it)."""
    src, cubin = os.path.join(tmp, 'k.ptx'), os.path.join(tmp, 'k.cubin')
    open(src, 'w').write(ptx)
    ptxas = PTXAS12 if arch == 'sm_70' else os.path.join(CU13, 'ptxas')
    r = subprocess.run([ptxas, '-O3', '-arch=' + arch, '-o', cubin, src], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    out = subprocess.run([os.path.join(CU13, 'cuobjdump'), '-sass', cubin], capture_output=True, text=True, check=True).stdout
    return sum(f['n'] for f in sass_count.functions(out).values())

def cost(arch, tmp, fixed, form, dst, srcs, tail=''):
    """The form's cost on `arch` (None when ptxas rejects it there)."""
    k1 = sass_of(kernel(arch, form, dst, srcs, tail, 1), arch, tmp)
    k2 = sass_of(kernel(arch, form, dst, srcs, tail, 2), arch, tmp)
    if k1 is None or k2 is None:
        return None
    # Per set: a load per operand (and a compare that makes a predicate operand), one store, and for a predicate
    # result the selp that turns it into a value.
    per_set = sum(2 if t == 'pred' else 1 for t in srcs) + 1 + (1 if dst == 'pred' else 0)
    # Only a conversion can vanish (a narrowing `cvt` is a register renaming); anything else that ptxas merged
    # into its neighbours in these tiny kernels (a `selp` into the compare) still issues somewhere in real code.
    floor = 0 if form.startswith('cvt.') else 1
    return max(k1 - fixed - per_set, k2 - k1 - per_set, floor)

def column(arch):
    """The costs of every form on `arch`: {form: cost}."""
    col = {}
    with tempfile.TemporaryDirectory() as tmp:
        # The kernel around the sets: parameter loads, exit. A copy of one operand: one load, one store.
        base = sass_of(kernel(arch, None, 'b32', ['b32'], '', 1), arch, tmp)
        if base is None:
            sys.exit('ptxas rejects the copy kernel for ' + arch)
        for form, dst, srcs, tail in FORMS:
            c = cost(arch, tmp, base - 2, form, dst, srcs, tail)
            if c is not None:
                col[form] = c
    print(arch, 'done', file=sys.stderr)
    return col

def main():
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        cols = dict(zip(TARGETS, pool.map(column, TARGETS)))
    rows = {}
    for arch, col in cols.items():
        for form, c in col.items():
            rows.setdefault(form, {})[arch] = c
    with open(OUT, 'w') as out:
        out.write('# SASS instructions per PTX instruction form, by target. Generated by scripts/sass-cost-table.py; do not edit.\n')
        out.write('form\t' + '\t'.join(TARGETS) + '\n')
        for form, _, _, _ in FORMS:
            if form in rows:
                out.write(form + '\t' + '\t'.join(str(rows[form].get(a, '-')) for a in TARGETS) + '\n')
    print('wrote', OUT, len(rows), 'forms', file=sys.stderr)

if __name__ == '__main__':
    main()
