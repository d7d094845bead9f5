"""Counting SASS the way `simtc bench` does (crates/simtc/src/bench/sass.rs), for the scripts that measure it.

Imported by scripts/sass-compare.py and scripts/sass-cost-table.py. An instruction is a `/*ADDR*/ [@guard] OPCODE
...;` line of a `Function : NAME` section of `cuobjdump -sass`; NOPs and the closing self-branch (`BRA` to its own
address) are not counted. FFMA-class: FFMA, FFMA32I, DFMA, HFMA2, HFMA2.MMA, except ptxas's
`HFMA2.MMA R, -RZ, RZ, ...` constant move.
"""
import re

FFMA = ('FFMA', 'FFMA32I', 'DFMA', 'HFMA2')
_INST = re.compile(r'/\*([0-9a-f]+)\*/\s+(.*?);')


def functions(sass):
    """{function name: {'n': instructions, 'ffma': FFMA-class}} of `cuobjdump -sass` output."""
    out, cur = {}, None
    for line in sass.splitlines():
        t = line.strip()
        if t.startswith('Function : '):
            cur = out.setdefault(t[len('Function : '):].strip(), {'n': 0, 'ffma': 0})
            continue
        m = _INST.match(t)
        if not m or cur is None:
            continue
        w = [x.rstrip(';') for x in m.group(2).split()]
        op = w[1] if w[0].startswith('@') else w[0]
        if op == 'NOP' or (op == 'BRA' and w[-1].startswith('0x') and int(w[-1], 16) == int(m.group(1), 16)):
            continue
        cur['n'] += 1
        if op.split('.')[0] in FFMA and not (op == 'HFMA2.MMA' and len(w) > 2 and w[2] == '-RZ,'):
            cur['ffma'] += 1
    return out
