//! `split-index`: separates a bitwise constant from a widened array index, so the 32-bit index value need not
//! stay live for the address (the bitwise analogue of LLVM's `SeparateConstOffsetFromGEP`, which does this for
//! `add` and disjoint `or`; NVVM does it for `xor` too: its butterfly addresses are `base + ((tid << 2) ^ 4j)`).
//!
//! # Why
//!
//! Butterfly and bitonic kernels index with `ixj = tid ^ j` and use `ixj` twice: in a comparison (`ixj > tid`)
//! and, in a later block, in the address `s + zext(ixj) * 4`. Value numbering gives every `tid ^ j` one
//! register, so each stays live from its first comparison to its last address — in a fully unrolled sort,
//! eight such values across the whole kernel, beside `tid` itself which is live anyway. Rewriting the address
//! as `s + ((zext(tid) << 2) ^ (j << 2))` reads only `tid`: the scaled `zext(tid) << 2` is one value shared by
//! every such address (and by `s[tid]`), and each `tid ^ j` dies at its comparison. ptxas cannot undo it (the
//! two forms compute different values), and it cannot do it itself once the 32-bit value is committed to a
//! register. On `bitonic_sort` this takes ptxas from 24 registers to 14 (nvcc: 18).
//!
//! # Rule
//!
//! For `%d = cvt.u64.u32 %x` (or `cvt.s64.s32`), unguarded, where `%x = OP.b32 %y, C` (`OP` = `xor`, `C` an
//! immediate, unguarded), when
//! - `%x` has another reader besides this `cvt` (otherwise it dies at its definition's block anyway: little to
//!   shorten), but none after it: the `cvt` is the last read of `%x` on its path (not read later in the block,
//!   not live out of it), so without it `%x` dies earlier;
//! - `%y` is live just after the `cvt` (read later in the block or live out of it), so reading `%y` here
//!   lengthens no live range,
//!
//! the `cvt` becomes `%t = cvt.u64.u32 %y` (resp. `.s64.s32`) and `%d = OP.b64 %t, ext(C)`, `ext` the `cvt`'s
//! extension. Then a `%e = shl.b64 %d, k` that is `%d`'s only reader becomes `%s = shl.b64 %t, k` and
//! `%e = OP.b64 %s, C'`, `C' = ext(C) << k` (and the `OP.b64` defining `%d` is deleted).
//!
//! # Exactness
//!
//! Zero and sign extension distribute over bitwise operations: bit `i` of `ext(y OP c)` is `y_i OP c_i` below
//! bit 32, and above it the extension bit of `y OP c` — `0 OP 0 = 0` for zero extension, `y_31 OP c_31` for
//! sign extension — which is bit `i` of `ext(y) OP ext(c)`. A left shift by `k` moves every bit of both
//! operands by the same `k` places and fills with zeros, and `0 OP 0 = 0`, so `(a OP c) << k = (a << k) OP
//! (c << k)` modulo 2^64. `or` distributes as well, but the address folding in `peephole` reads `add`, and an
//! `or` constant is usually a disjoint offset better folded as `add` (LLVM's pass does that), so it is left out.
//!
//! `and` distributes too, and was split until measured: a mask is typically a lane or tile index (`tid & 31`)
//! read once more for a late address, where `(zext(tid) << 2) & 124` costs ptxas a shift, a `LOP3` and a
//! two-instruction 64-bit add instead of one `IMAD.WIDE.U32` of the kept `tid & 31`. On HeCBench (sm_90) leaving
//! `and` alone made 52 kernels shorter and 7 longer (by at most 3), with registers 8 lower and 6 higher.
//!
//! # Order
//!
//! Runs first among the MIR passes, before `gvn-cse`, which then gives the new `cvt`/`shl` of `%y` one register
//! with the `s[tid]` address that computes the same; `peephole` turns it into one `mul.wide`. Linear: one
//! liveness walk per register of interest (over its live range only), one pass over the instructions and one
//! over their operands.

use crate::mir::{graph, MFunction, MInst, Mod, OpKind, Opcode, Operand, Reg, RegClass};

/// `%x = xor.b32 %y, C` by destination: (`%y`, `C`).
type BitwiseDef = (Reg, i64);

fn bitwise_def(i: &MInst) -> Option<BitwiseDef> {
    if i.guard.is_some() || i.op.kind != OpKind::Xor || i.op.mods.as_slice() != [Mod::B32] {
        return None;
    }
    match i.srcs.as_slice() {
        [Operand::Reg(y), Operand::Imm(c)] | [Operand::Imm(c), Operand::Reg(y)] => Some((*y, *c)),
        _ => None,
    }
}

/// `ext(c)` for the 32-bit immediate `c` (held in an `i64` in either signed or unsigned reading).
fn extend(c: i64, signed: bool) -> i64 {
    if signed {
        c as u32 as i32 as i64
    } else {
        c as u32 as i64
    }
}

/// `%x` and signedness of an unguarded `cvt.u64.u32 %d, %x` / `cvt.s64.s32 %d, %x`.
fn cvt_of(i: &MInst) -> Option<(Reg, bool)> {
    if i.op.kind != OpKind::Cvt || i.guard.is_some() || i.dsts.len() != 1 {
        return None;
    }
    let signed = match i.op.mods.as_slice() {
        [Mod::U64, Mod::U32] => false,
        [Mod::S64, Mod::S32] => true,
        _ => return None,
    };
    match i.srcs.as_slice() {
        [Operand::Reg(x)] => Some((*x, signed)),
        _ => None,
    }
}

/// Runs the pass; returns the number of `cvt`s split.
pub fn run(f: &mut MFunction) -> usize {
    let n = f.regs.len();
    let mut def: Vec<Option<BitwiseDef>> = vec![None; n];
    let uses = f.read_counts();
    for &b in &f.order {
        for i in &f.block(b).insts {
            if let (Some(bd), [Operand::Reg(d)]) = (bitwise_def(i), i.dsts.as_slice()) {
                def[d.0 as usize] = Some(bd);
            }
        }
    }
    // Candidates by the local conditions: (block, index, signed); their `%x` and `%y` need liveness.
    let mut cands: Vec<(u32, usize, bool)> = Vec::new();
    let mut interest = vec![false; n];
    for &b in &f.order {
        for (k, i) in f.block(b).insts.iter().enumerate() {
            if let Some((x, signed)) = cvt_of(i).filter(|(x, _)| uses[x.0 as usize] >= 2) {
                if let Some((y, _)) = def[x.0 as usize] {
                    cands.push((b.0, k, signed));
                    interest[x.0 as usize] = true;
                    interest[y.0 as usize] = true;
                }
            }
        }
    }
    if cands.is_empty() {
        return 0;
    }
    // Liveness of the registers of interest only (MIR is in SSA form here: split-index runs first).
    let live = graph::ssa_liveness(f, |r| interest[r as usize]);
    // Split `cvt`s by destination: (the new `%t`, `ext(C)`).
    let mut split: Vec<Option<(Reg, i64)>> = vec![None; n];
    let mut count = 0;
    let mut c = 0;
    while c < cands.len() {
        let b = cands[c].0;
        let insts = std::mem::take(&mut f.blocks[b as usize].insts);
        // Last in-block read of each register of interest.
        let mut last_read: rustc_hash::FxHashMap<u32, usize> = Default::default();
        for (k, i) in insts.iter().enumerate() {
            if !i.is_phi() {
                for r in i.uses().iter().filter(|r| interest[r.0 as usize]) {
                    last_read.insert(r.0, k);
                }
            }
        }
        let mut out = Vec::with_capacity(insts.len() + 1);
        for (k, i) in insts.into_iter().enumerate() {
            if c >= cands.len() || cands[c].0 != b || cands[c].1 != k {
                out.push(i);
                continue;
            }
            let signed = cands[c].2;
            c += 1;
            let (Some((x, _)), [Operand::Reg(d)]) = (cvt_of(&i), i.dsts.as_slice()) else { unreachable!() };
            let d = *d;
            let (y, imm) = def[x.0 as usize].expect("a candidate's source is a bitwise definition");
            let live_after = |r: Reg| live.live_out.contains(b, r.0) || last_read.get(&r.0).is_some_and(|&l| l > k);
            if live_after(x) || !live_after(y) {
                out.push(i);
                continue;
            }
            let t = f.new_reg(RegClass::B64);
            f.uniform[t.0 as usize] = f.is_uniform(y);
            let imm = extend(imm, signed);
            out.push(MInst::new(i.op.clone(), &[Operand::Reg(t)], &[Operand::Reg(y)]));
            out.push(MInst::new(
                Opcode::new(OpKind::Xor, &[Mod::B64]),
                &[Operand::Reg(d)],
                &[Operand::Reg(t), Operand::Imm(imm)],
            ));
            split[d.0 as usize] = Some((t, imm));
            count += 1;
        }
        f.blocks[b as usize].insts = out;
    }
    if count == 0 {
        return 0;
    }
    // Push a single-reader `shl.b64` of a split value through the bitwise operation; the split value's
    // `xor.b64` then has no reader left and is deleted. Only the blocks holding such a shift are rebuilt.
    let shl_of = |i: &MInst| match (i.op.kind, i.op.mods.as_slice(), i.guard.is_none(), i.srcs.as_slice()) {
        (OpKind::Shl, [Mod::B64], true, [Operand::Reg(d), Operand::Imm(k)])
            if (0..32).contains(k) && uses[d.0 as usize] == 1 && split[d.0 as usize].is_some() =>
        {
            Some((*d, *k))
        }
        _ => None,
    };
    let blocks: Vec<u32> = f
        .order
        .iter()
        .map(|b| b.0)
        .filter(|&b| f.blocks[b as usize].insts.iter().any(|i| shl_of(i).is_some()))
        .collect();
    let mut dead: rustc_hash::FxHashSet<u32> = Default::default();
    for &b in &blocks {
        let insts = std::mem::take(&mut f.blocks[b as usize].insts);
        let mut out = Vec::with_capacity(insts.len() + 1);
        for i in insts {
            let (Some((d, k)), [Operand::Reg(e)]) = (shl_of(&i), i.dsts.as_slice()) else {
                out.push(i);
                continue;
            };
            let (t, c) = split[d.0 as usize].expect("shl_of checked it");
            dead.insert(d.0);
            let s = f.new_reg(RegClass::B64);
            f.uniform[s.0 as usize] = f.is_uniform(t);
            out.push(MInst::new(i.op.clone(), &[Operand::Reg(s)], &[Operand::Reg(t), Operand::Imm(k)]));
            let c = ((c as u64) << k) as i64;
            out.push(MInst::new(
                Opcode::new(OpKind::Xor, &[Mod::B64]),
                &[Operand::Reg(*e)],
                &[Operand::Reg(s), Operand::Imm(c)],
            ));
        }
        f.blocks[b as usize].insts = out;
    }
    // The dead `xor.b64`s are where their `cvt`s were: in the candidates' blocks.
    if !dead.is_empty() {
        let mut cb: Vec<u32> = cands.iter().map(|c| c.0).collect();
        cb.dedup();
        for b in cb {
            f.blocks[b as usize]
                .insts
                .retain(|i| !matches!(i.dsts.as_slice(), [Operand::Reg(d)] if dead.contains(&d.0)));
        }
    }
    count
}
