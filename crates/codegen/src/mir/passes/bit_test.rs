//! `bit-test`: a test of a variable bit, `(x & (C << y)) == 0`, shifts `x` instead of the constant:
//! `((x >> y) & C) == 0` (InstCombine's `icmp (and X, (shl C, Y)), 0` fold; llc selects the same).
//!
//! # Why
//!
//! A chain of tests of the bits of one word — `if (x & (1 << j))`, `if (x & (2 << j))`, ... as an unrolled
//! bit loop leaves it (curand's skip-ahead tests 32 bits of each word so) — shifts a different constant by `j`
//! in every test: one `shl` per test. Shifting `x` instead gives every test the same `x >> j`, which `gvn-cse`
//! (running next) computes once; each test is then an `and` with an immediate and a compare.
//!
//! # Rule
//!
//! For `%t = shl.bN %t, C, %y` (`C` an immediate, `N` 32 or 64, unguarded) whose only reader is
//! `%u = and.bN %u, %x, %t` in the same block (either operand order, unguarded; `%x` defined before the `shl`),
//! whose readers are all `setp.eq`/`setp.ne` of
//! `%u` against `0` (either operand order): `%t` becomes `shr.uN %t, %x, %y` and `%u` becomes `and.bN %u, %t, C`.
//!
//! # Exactness
//!
//! For a shift amount `s < N`, bit `i` of `C << s` is bit `i - s` of `C` (zero below `s`), so `x & (C << s)`
//! has a set bit exactly when some bit `k` of `C` with `k + s < N` is set together with bit `k + s` of `x`;
//! bit `k` of `(x >> s) & C` is bit `k` of `C` and bit `k + s` of `x` (zero when `k + s ≥ N`): the same
//! condition, so the comparisons with zero agree. PTX clamps larger shift amounts (`shl` and `shr.u` by `N` or
//! more give 0), and then both sides are `x & 0 = 0 & C = 0`. The values of `%u` differ, which is why every
//! reader must be such a comparison.
//!
//! # Cost
//!
//! Use counts, one pass over the instructions: linear.

use crate::mir::{MFunction, Mod, OpKind, Opcode, Operand, Reg};

/// One bit test to rewrite: the sites (block, index) of its `shl` and `and`, the tested `x`, the shift amount
/// `y`, the constant `C` and the width (`.b32` or `.b64`).
struct Rewrite {
    shl: (u32, u32),
    and: (u32, u32),
    x: Reg,
    y: Reg,
    c: i64,
    width: Mod,
}

/// The operand of a comparison with zero, when `srcs` is `(r, 0)` or `(0, r)`.
fn against_zero(srcs: &[Operand]) -> Option<Reg> {
    match srcs {
        [Operand::Reg(r), Operand::Imm(0)] | [Operand::Imm(0), Operand::Reg(r)] => Some(*r),
        _ => None,
    }
}

/// Runs the pass; returns how many bit tests were rewritten.
pub fn run(f: &mut MFunction) -> usize {
    let n = f.regs.len();
    let mut uses = vec![0u32; n];
    // Uses that are a zero comparison (setp.eq/ne against 0, unguarded).
    let mut zero_tests = vec![0u32; n];
    // Definition site of every register defined by a single-destination instruction.
    let mut def: Vec<Option<(u32, u32)>> = vec![None; n];
    for &b in &f.order {
        for (k, i) in f.block(b).insts.iter().enumerate() {
            i.for_each_use(&mut |r| uses[r.0 as usize] += 1);
            if i.op.kind == OpKind::Setp && i.guard.is_none() && matches!(i.op.cmp(), Some(Mod::Eq | Mod::Ne)) {
                if let Some(r) = against_zero(&i.srcs) {
                    zero_tests[r.0 as usize] += 1;
                }
            }
            if let [Operand::Reg(d)] = i.dsts.as_slice() {
                def[d.0 as usize] = Some((b.0, k as u32));
            }
        }
    }
    let mut rewrites: Vec<Rewrite> = Vec::new();
    for &b in &f.order {
        for (k, i) in f.block(b).insts.iter().enumerate() {
            if i.op.kind != OpKind::And || i.guard.is_some() {
                continue;
            }
            let width = match i.op.mods.as_slice() {
                [Mod::B32] => Mod::B32,
                [Mod::B64] => Mod::B64,
                _ => continue,
            };
            let Some(Operand::Reg(u)) = i.dsts.first() else { continue };
            if uses[u.0 as usize] == 0 || zero_tests[u.0 as usize] != uses[u.0 as usize] {
                continue;
            }
            let [Operand::Reg(p), Operand::Reg(q)] = i.srcs.as_slice() else { continue };
            // Which operand is the shifted constant.
            for (t, x) in [(*p, *q), (*q, *p)] {
                if uses[t.0 as usize] != 1 {
                    continue;
                }
                // The shift is in this block, and `x` is defined before it (in an earlier block or above it).
                let Some(site) = def[t.0 as usize].filter(|s| s.0 == b.0) else { continue };
                if def[x.0 as usize].is_some_and(|d| d.0 == b.0 && d.1 > site.1) {
                    continue;
                }
                let s = &f.block(crate::mir::MBlock(site.0)).insts[site.1 as usize];
                if s.op.kind != OpKind::Shl || s.guard.is_some() || s.op.mods.as_slice() != [width] {
                    continue;
                }
                let [Operand::Imm(c), Operand::Reg(y)] = s.srcs.as_slice() else { continue };
                rewrites.push(Rewrite { shl: site, and: (b.0, k as u32), x, y: *y, c: *c, width });
                break;
            }
        }
    }
    for &Rewrite { shl, and, x, y, c, width } in &rewrites {
        let shr_ty = if width == Mod::B32 { Mod::U32 } else { Mod::U64 };
        let s = &mut f.blocks[shl.0 as usize].insts[shl.1 as usize];
        s.op = Opcode::new(OpKind::Shr, &[shr_ty]);
        s.srcs = smallvec::smallvec![Operand::Reg(x), Operand::Reg(y)];
        let t = s.dsts[0].reg().expect("shl destination");
        let a = &mut f.blocks[and.0 as usize].insts[and.1 as usize];
        a.srcs = smallvec::smallvec![Operand::Reg(t), Operand::Imm(c)];
    }
    rewrites.len()
}
