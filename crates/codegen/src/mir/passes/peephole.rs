//! `peephole`: MIR peepholes run on SSA-form MIR (every register has one definition), before SSA destruction:
//!
//! - **Address folding**: a memory operand `[%a+k]` where `%a = add.{s,u}64 %b, imm` (transitively) or
//!   `%a = mov.u64 sym` becomes `[%b+k+imm]` / `[sym+k]`, as PTX addressing allows a register or a symbol plus a
//!   constant. Applies to `ld`, `st`, `atom`, `red` operands. The now-unused adds are removed by MIR `dce`.
//! - **Widening multiply**: `%t = cvt.{u,s}64.{u,s}32 %x` followed by `%d = shl.b64 %t, k` (or `mul.lo.s64 %t, c`)
//!   becomes `%d = mul.wide.{u,s}32 %x, 2^k` (resp. `c`, when it fits in 31 bits); the `cvt` stays only if
//!   something else reads `%t`. Likewise `mul.lo.s64` of two values widened the same way (both `cvt.u64.u32` or
//!   both `cvt.s64.s32`) becomes `mul.wide` of the narrow values — exact, as the product of two 32-bit values
//!   fits in 64 bits. CUDA's `size_t` index `blockIdx.x * (size_t)blockDim.x + threadIdx.x` is that shape:
//!   as a 64-bit multiply ptxas computes the high half it cannot see is zero (HeCBench threadcpy: 24 SASS
//!   against llc-19's 22, which selects `mul.wide.u32` the same way).
//!
//! - **Space round trip**: `%g = cvta.S.u64 %a` where `%a = cvta.to.S.u64 %x` becomes `%g = mov.b64 %x` and
//!   every use of `%g` reads `%x` (the copy and possibly the `cvta.to` are then dead). `cvta.to.S` of a generic address outside window `S` is undefined, and inside
//!   it the round trip gives the address back, so this is exact. It arises when a kernel pointer parameter (kept
//!   as a global address) is passed to a device function or stored as a generic pointer.
//!
//! - **Extending load**: `%n = ld.X.T [a]` (`T` an 8/16-bit integer type, the load's only reader) followed by
//!   `%w = cvt.W.S %n` (`S` an 8/16-bit integer of `T`'s width, `W` a 32/64-bit integer) becomes
//!   `%w = ld.X.S [a]`: PTX loads a narrow integer into a wider register by extending it per the load's type
//!   (sign for `.sN`, zero for `.uN`), which is what the `cvt` from `S` did. The `cvt` becomes dead.
//! - **In-register extension**: `%w = shr.{s,u}N %t, k` where `%t = shl.bN %x, k` (read only there) and
//!   `N - k` is 8, 16 or 32 becomes `cvt.sN.s{N-k} %w, %x` (signed; ptxas makes one `PRMT`/`SGXT` of it, not two
//!   shifts) or `and.bN %w, %x, 2^(N-k) - 1` (unsigned): InstCombine's form of `(int)(signed char)x` (llc selects
//!   `cvt.s32.s8` from it the same way). A signed 32-bit `(x << a) >> k` with `a ≤ k` (other field widths, or a
//!   field above bit 0) becomes `bfe.s32 %w, %x, k - a, 32 - k` (one `SGXT`, or a shift and one, for two shifts;
//!   llc's `bfe`): `__mul24`'s `(x << 8) >> 8`.
//! - **Bit-field extract**: `%w = and.b32 %t, 2^k - 1` where `%t = shr.u32 %x, s` (constants, `s + k ≤ 32`,
//!   `%t` read only there) becomes `%w = bfe.u32 %x, s, k` (llc's `bfe`): one instruction for two.
//! - **setp BoolOp**: `%d = and/or/xor.pred %p, %q` where `%p = setp.CMP.T %a, %b` is read only there, in the
//!   same block, becomes `%d = setp.CMP.{and,or,xor}.T %a, %b, %q` (the setp then dies). Across blocks it is
//!   not done: the comparison would move to the BoolOp's block, typically from a loop preheader into the loop,
//!   keeping `%a`/`%b` (vector registers) live through the loop instead of one predicate.
//!
//! - **Equality with an offset**: `setp.eq/ne %p, %a, c2` where `%a = add %x, c1` (constants) becomes
//!   `setp.eq/ne %p, %x, c2 - c1` (wrapping in the type's width: exact for equality), as llc's DAG combiner
//!   does; the add is then computed only for its other readers, where ptxas often folds it (`(x + 1) * 514` is
//!   one `IMAD`; lid-driven-cavity's `set_BCs` 61 → 60 SASS, llc 60). Not when `%x` is a phi: a loop's
//!   `i' = i + 1; i' == n` would keep `i` and `i'` live at once.
//!
//! All rewrite one instruction in place; they never move instructions, so they preserve every dominance property.
//! Linear in the number of instructions.

use crate::mir::{MFunction, Mod, OpKind, Opcode, Operand, Reg};
use smallvec::SmallVec;

/// Runs the peepholes; returns the number of rewrites.
pub fn run(f: &mut MFunction) -> usize {
    let n = f.regs.len();
    // Definitions of interest.
    let mut offset_of: Vec<Option<(Operand, i64)>> = vec![None; n];
    let mut widen_of: Vec<Option<(Reg, bool)>> = vec![None; n];
    let mut to_space_of: Vec<Option<(Reg, Mod)>> = vec![None; n];
    // Narrow integer loads (block, index) and right shifts by a constant, by destination; read counts.
    let mut narrow_load: Vec<Option<(u32, usize)>> = vec![None; n];
    let mut shr_of: Vec<Option<(Operand, i64)>> = vec![None; n];
    let mut shl_of: Vec<Option<(Reg, i64)>> = vec![None; n];
    let mut setp_of: Vec<Option<(Opcode, [Operand; 2], u32)>> = vec![None; n];
    // `d = add x, c` (integer, constant `c`) with `x` not a phi's destination.
    let mut add_of: Vec<Option<(Reg, i64)>> = vec![None; n];
    let mut phi_def = vec![false; n];
    let reads = f.read_counts();
    for b in &f.order {
        for (k, i) in f.block(*b).insts.iter().enumerate() {
            if i.guard.is_some() {
                continue;
            }
            let Some(d) = i.dsts.first().and_then(Operand::reg) else { continue };
            if i.dsts.len() != 1 {
                continue;
            }
            match (i.op.kind, i.op.ty(), i.srcs.as_slice()) {
                (OpKind::Ld, Some(Mod::U8 | Mod::S8 | Mod::B8 | Mod::U16 | Mod::S16 | Mod::B16), [_]) => {
                    narrow_load[d.0 as usize] = Some((b.0, k));
                }
                (OpKind::Shr, Some(Mod::U32), [x @ Operand::Reg(_), Operand::Imm(s)]) if (0..32).contains(s) => {
                    shr_of[d.0 as usize] = Some((x.clone(), *s));
                }
                (OpKind::Shl, Some(Mod::B32 | Mod::B64), [Operand::Reg(x), Operand::Imm(s)]) => {
                    shl_of[d.0 as usize] = Some((*x, *s));
                }
                (OpKind::Setp, _, [x, y]) if i.op.cmp().is_some() && i.op.mods.len() >= 2 => {
                    setp_of[d.0 as usize] = Some((i.op.clone(), [x.clone(), y.clone()], b.0));
                }
                (OpKind::Add, Some(Mod::S32 | Mod::U32 | Mod::S64 | Mod::U64), [Operand::Reg(x), Operand::Imm(c)])
                    if i.op.mods.len() == 1 =>
                {
                    add_of[d.0 as usize] = Some((*x, *c));
                }
                (OpKind::Phi, _, _) => phi_def[d.0 as usize] = true,
                _ => {}
            }
        }
    }
    let mut defs = vec![0u32; n];
    for b in &f.order {
        for i in &f.block(*b).insts {
            for r in i.defs() {
                defs[r.0 as usize] += 1;
            }
        }
    }
    for b in &f.order {
        for i in &f.block(*b).insts {
            if i.guard.is_some() {
                continue;
            }
            let Some(d) = i.dsts.first().and_then(Operand::reg) else { continue };
            let (k, m) = (i.op.kind, i.op.mods.as_slice());
            match (k, m, i.srcs.as_slice()) {
                (OpKind::Add, [Mod::S64 | Mod::U64], [base @ (Operand::Reg(_) | Operand::Sym(_)), Operand::Imm(k)]) => {
                    if let Operand::Sym(s) = base {
                        // Only %SPL/%SP (registers) and symbols are bases; special registers (%tid...) never are.
                        if !(&**s == "%SPL" || &**s == "%SP" || !s.starts_with('%')) {
                            continue;
                        }
                    }
                    offset_of[d.0 as usize] = Some((base.clone(), *k));
                }
                (OpKind::Mov, [Mod::U64], [Operand::Sym(s)]) if !s.starts_with('%') => {
                    offset_of[d.0 as usize] = Some((Operand::Sym(s.clone()), 0));
                }
                (OpKind::Cvt, [Mod::U64, Mod::U32], [Operand::Reg(x)]) => widen_of[d.0 as usize] = Some((*x, false)),
                (OpKind::Cvt, [Mod::S64, Mod::S32], [Operand::Reg(x)]) => widen_of[d.0 as usize] = Some((*x, true)),
                (OpKind::Cvta, [Mod::To, sp, Mod::U64], [Operand::Reg(x)]) => {
                    to_space_of[d.0 as usize] = Some((*x, *sp));
                }
                _ => {}
            }
        }
    }
    // Resolve chains (bounded by the chain length; memoized in place).
    let resolve = |offset_of: &Vec<Option<(Operand, i64)>>, defs: &Vec<u32>, r: Reg| -> Option<(Operand, i64)> {
        let mut cur = offset_of.get(r.0 as usize)?.clone()?;
        let mut steps = 0;
        while let Operand::Reg(b) = cur.0 {
            if defs[b.0 as usize] != 1 || steps > 64 {
                break;
            }
            match &offset_of[b.0 as usize] {
                Some((base, k)) => {
                    cur = (base.clone(), cur.1.wrapping_add(*k));
                    steps += 1;
                }
                None => break,
            }
        }
        Some(cur)
    };
    let mut rewrites = 0;
    let mut rename: Vec<Option<Reg>> = vec![None; n];
    for b in f.order.clone() {
        let insts = &mut f.blocks[b.0 as usize].insts;
        for i in insts.iter_mut() {
            if matches!(i.op.kind, OpKind::Ld | OpKind::St | OpKind::Atom | OpKind::Red) {
                for o in i.srcs.iter_mut() {
                    if let Operand::Addr(inner, k) = o {
                        if let Operand::Reg(r) = **inner {
                            if defs[r.0 as usize] == 1 {
                                if let Some((nb, off)) = resolve(&offset_of, &defs, r) {
                                    **inner = nb;
                                    *k = k.wrapping_add(off);
                                    rewrites += 1;
                                }
                            }
                        }
                    }
                }
            }
            if i.guard.is_none() {
                if let (OpKind::Cvta, [sp, Mod::U64], [Operand::Reg(a)]) =
                    (i.op.kind, i.op.mods.as_slice(), i.srcs.as_slice())
                {
                    if defs[a.0 as usize] == 1 {
                        if let Some((x, to)) = to_space_of[a.0 as usize] {
                            if to == *sp && defs[x.0 as usize] == 1 {
                                if let Some(g) = i.dsts.first().and_then(Operand::reg) {
                                    rename[g.0 as usize] = Some(x);
                                }
                                i.op = Opcode::new(OpKind::Mov, &[Mod::B64]);
                                i.srcs[0] = Operand::Reg(x);
                                rewrites += 1;
                                continue;
                            }
                        }
                    }
                }
            }
            if i.guard.is_none() {
                // `setp.eq/ne %a, c2` with `%a = add %x, c1` tests `%x` against `c2 - c1` (wrapping: exact for
                // equality), so the add need not be computed for it (DAGCombiner's `(x + c1) == c2`).
                if let (OpKind::Setp, [cmp @ (Mod::Eq | Mod::Ne), ty], [Operand::Reg(a), Operand::Imm(c2)]) =
                    (i.op.kind, i.op.mods.as_slice(), i.srcs.as_slice())
                {
                    let wide = match ty {
                        Mod::S32 | Mod::U32 | Mod::B32 => Some(false),
                        Mod::S64 | Mod::U64 | Mod::B64 => Some(true),
                        _ => None,
                    };
                    if let (Some(wide), Some((x, c1))) = (wide, add_of[a.0 as usize]) {
                        let same_width = wide == matches!(f.regs[x.0 as usize], crate::mir::RegClass::B64);
                        if defs[a.0 as usize] == 1 && defs[x.0 as usize] == 1 && !phi_def[x.0 as usize] && same_width {
                            let k = c2.wrapping_sub(c1);
                            let k = match (wide, ty) {
                                (true, _) => k,
                                (false, Mod::S32) => k as i32 as i64,
                                (false, _) => k as u32 as i64,
                            };
                            let (cmp, ty) = (*cmp, *ty);
                            i.op = Opcode::new(OpKind::Setp, &[cmp, ty]);
                            i.srcs = [Operand::Reg(x), Operand::Imm(k)].into_iter().collect();
                            rewrites += 1;
                            continue;
                        }
                    }
                }
            }
            if i.guard.is_none() {
                if let (OpKind::And, [Mod::B32], [Operand::Reg(t), Operand::Imm(mask)]) =
                    (i.op.kind, i.op.mods.as_slice(), i.srcs.as_slice())
                {
                    let (t, mask) = (*t, *mask);
                    let width = (mask as u64).trailing_ones() as i64;
                    if mask > 0
                        && (mask as u64) == (1u64 << width) - 1
                        && defs[t.0 as usize] == 1
                        && reads[t.0 as usize] == 1
                    {
                        if let Some((x, s)) = shr_of[t.0 as usize].clone() {
                            if s + width <= 32 {
                                i.op = Opcode::new(OpKind::Bfe, &[Mod::U32]);
                                i.srcs = [x, Operand::Imm(s), Operand::Imm(width)].into_iter().collect();
                                rewrites += 1;
                                continue;
                            }
                        }
                    }
                }
            }
            if i.guard.is_none() {
                if let (OpKind::And | OpKind::Or | OpKind::Xor, [Mod::Pred], [Operand::Reg(x), Operand::Reg(y)]) =
                    (i.op.kind, i.op.mods.as_slice(), i.srcs.as_slice())
                {
                    let (x, y) = (*x, *y);
                    let fusable = |r: Reg| {
                        x != y
                            && defs[r.0 as usize] == 1
                            && reads[r.0 as usize] == 1
                            && setp_of[r.0 as usize].as_ref().is_some_and(|(_, ab, sb)| {
                                *sb == b.0 && ab.iter().all(|o| o.reg().is_none_or(|a| defs[a.0 as usize] == 1))
                            })
                    };
                    let pick = if fusable(x) {
                        Some((x, y))
                    } else if fusable(y) {
                        Some((y, x))
                    } else {
                        None
                    };
                    if let Some((s, other)) = pick {
                        let (sop, [a, b], _) = setp_of[s.0 as usize].clone().expect("checked");
                        let bop = match i.op.kind {
                            OpKind::And => Mod::AndOp,
                            OpKind::Or => Mod::OrOp,
                            _ => Mod::XorOp,
                        };
                        let mut mods: SmallVec<[Mod; 4]> = sop.mods.iter().copied().collect();
                        mods.insert(1, bop);
                        i.op = Opcode::new(OpKind::Setp, &mods);
                        i.srcs = [a, b, Operand::Reg(other)].into_iter().collect();
                        rewrites += 1;
                        continue;
                    }
                }
            }
            let widened = match (i.op.kind, i.op.mods.as_slice(), i.srcs.as_slice()) {
                (OpKind::Shl, [Mod::B64], [Operand::Reg(t), Operand::Imm(k)]) if *k >= 0 && *k < 31 => {
                    Some((*t, 1i64 << k))
                }
                (OpKind::Mul, [Mod::Lo, Mod::S64], [Operand::Reg(t), Operand::Imm(c)]) if *c > 0 && *c < (1 << 31) => {
                    Some((*t, *c))
                }
                _ => None,
            };
            // In-register extension: `(x << k) >> k` keeping the low 8, 16 (or 32) bits.
            if let (
                OpKind::Shr,
                [sh @ (Mod::S32 | Mod::U32 | Mod::S64 | Mod::U64)],
                [Operand::Reg(t), Operand::Imm(k)],
            ) = (i.op.kind, i.op.mods.as_slice(), i.srcs.as_slice())
            {
                let (sh, t, k) = (*sh, *t, *k);
                let bits = if matches!(sh, Mod::S32 | Mod::U32) { 32 } else { 64 };
                if defs[t.0 as usize] == 1 && reads[t.0 as usize] == 1 {
                    if let Some((x, a)) = shl_of[t.0 as usize] {
                        let keep = bits - k;
                        let cvt_form = a == k && matches!(keep, 8 | 16);
                        if sh == Mod::S32 && (0..=k).contains(&a) && (1..32).contains(&k) && !cvt_form {
                            // A signed field of `x`: `bfe.s32 x, k - a, 32 - k` (from bit 0 when `a == k`: the
                            // sign extension of the low 32 - k bits, `__mul24`'s operands, one `SGXT`).
                            i.op = Opcode::new(OpKind::Bfe, &[Mod::S32]);
                            i.srcs = [Operand::Reg(x), Operand::Imm(k - a), Operand::Imm(keep)].into_iter().collect();
                            rewrites += 1;
                            continue;
                        }
                        if a == k && matches!(keep, 8 | 16 | 32) && keep < bits {
                            let signed = matches!(sh, Mod::S32 | Mod::S64);
                            let wide = if bits == 32 { Mod::B32 } else { Mod::B64 };
                            if signed {
                                let (to, from) = match (bits, keep) {
                                    (32, 8) => (Mod::S32, Mod::S8),
                                    (32, _) => (Mod::S32, Mod::S16),
                                    (_, 8) => (Mod::S64, Mod::S8),
                                    (_, 16) => (Mod::S64, Mod::S16),
                                    _ => (Mod::S64, Mod::S32),
                                };
                                i.op = Opcode::new(OpKind::Cvt, &[to, from]);
                                i.srcs = [Operand::Reg(x)].into_iter().collect();
                            } else {
                                i.op = Opcode::new(OpKind::And, &[wide]);
                                let mask = if keep == 32 { 0xffff_ffff } else { (1i64 << keep) - 1 };
                                i.srcs = [Operand::Reg(x), Operand::Imm(mask)].into_iter().collect();
                            }
                            rewrites += 1;
                            continue;
                        }
                    }
                }
            }
            // Two widened factors of the same signedness: `mul.wide` of the narrow values (the 64-bit product of
            // two zero- or two sign-extended 32-bit values is exact in 64 bits).
            if let (OpKind::Mul, [Mod::Lo, Mod::S64 | Mod::U64], [Operand::Reg(t), Operand::Reg(u)]) =
                (i.op.kind, i.op.mods.as_slice(), i.srcs.as_slice())
            {
                let (t, u) = (*t, *u);
                if defs[t.0 as usize] == 1 && defs[u.0 as usize] == 1 {
                    if let (Some((x, sx)), Some((y, sy))) = (widen_of[t.0 as usize], widen_of[u.0 as usize]) {
                        if sx == sy {
                            let ty = if sx { Mod::S32 } else { Mod::U32 };
                            i.op = Opcode::new(OpKind::Mul, &[Mod::Wide, ty]);
                            i.srcs[0] = Operand::Reg(x);
                            i.srcs[1] = Operand::Reg(y);
                            rewrites += 1;
                            continue;
                        }
                    }
                }
            }
            if let Some((t, c)) = widened {
                if defs[t.0 as usize] == 1 {
                    if let Some((x, signed)) = widen_of[t.0 as usize] {
                        let ty = if signed { Mod::S32 } else { Mod::U32 };
                        i.op = Opcode::new(OpKind::Mul, &[Mod::Wide, ty]);
                        i.srcs[0] = Operand::Reg(x);
                        i.srcs[1] = Operand::Imm(c);
                        rewrites += 1;
                    }
                }
            }
        }
    }
    rewrites += extending_loads(f, &narrow_load, &reads);
    if rename.iter().any(Option::is_some) {
        f.map_uses(&mut |r| {
            let mut r = r;
            while let Some(x) = rename[r.0 as usize] {
                r = x;
            }
            r
        });
    }
    rewrites
}

/// The extending-load rewrite (module doc): returns how many loads now extend.
fn extending_loads(f: &mut MFunction, narrow_load: &[Option<(u32, usize)>], reads: &[u32]) -> usize {
    let mut done = 0;
    for b in f.order.clone() {
        for k in 0..f.blocks[b.0 as usize].insts.len() {
            let i = &f.blocks[b.0 as usize].insts[k];
            if i.guard.is_some() || i.op.kind != OpKind::Cvt {
                continue;
            }
            let (Some(w), [Operand::Reg(nr)]) = (i.dsts.first().and_then(Operand::reg), i.srcs.as_slice()) else {
                continue;
            };
            let nr = *nr;
            let [dt, st] = *i.op.mods.as_slice() else { continue };
            if !matches!(dt, Mod::U32 | Mod::S32 | Mod::U64 | Mod::S64)
                || !matches!(st, Mod::U8 | Mod::S8 | Mod::U16 | Mod::S16)
                || reads[nr.0 as usize] != 1
            {
                continue;
            }
            let Some((lb, lk)) = narrow_load[nr.0 as usize] else { continue };
            let ld = &f.blocks[lb as usize].insts[lk];
            if ld.op.ty().and_then(Mod::type_bits) != st.type_bits() {
                continue;
            }
            let mut mods: Vec<Mod> = ld.op.mods.iter().copied().filter(|m| !m.is_type()).collect();
            mods.push(st);
            let ld = &mut f.blocks[lb as usize].insts[lk];
            ld.op = Opcode::with_mods(OpKind::Ld, mods);
            ld.dsts[0] = Operand::Reg(w);
            // The cvt now reads a register nobody defines: make it a dead self-contained no-op for machine-dce.
            let mm = f.regs[nr.0 as usize].mov_mod();
            let c = &mut f.blocks[b.0 as usize].insts[k];
            c.op = Opcode::new(OpKind::Mov, &[mm]);
            c.dsts[0] = Operand::Reg(nr);
            c.srcs[0] = Operand::Imm(0);
            done += 1;
        }
    }
    done
}
