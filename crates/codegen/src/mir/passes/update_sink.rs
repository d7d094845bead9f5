//! `update-sink`: moves the definition of a phi's incoming value below the last use of the phi's old value in
//! the same block, so the two no longer overlap and phi elimination can give them one register.
//!
//! In `x = phi [x0, pre], [x1, latch]; ...; x1 = add x, 1; ...; use x` (an index used after its increment,
//! `a[i++]`) the old value `x` is still live where `x1` is defined. The coalescer cannot put `x` and `x1` in one
//! register, so SSA destruction copies: `mov t, x` at the top of the loop and all uses read `t`. If `x1` is
//! defined after the last use of `x` instead, their live ranges only touch and the phi web coalesces into one
//! register with no copy (what LLVM reaches with its two-address pass and register coalescer).
//!
//! # Rule
//!
//! For every phi `x` and every incoming value `x1` of it (SSA form), with `d` the instruction defining `x1` in
//! block `D`:
//! - `d` is unguarded, defines only `x1`, and touches no memory and has no barrier, atomic, convergence,
//!   control or other side effect (moving it changes nothing but where `x1` is computed);
//! - every use of `x` other than phis is in `D` or in a block that strictly dominates `D` (so, apart from
//!   those in `D`, all of them run before `D`), and its last use in `D` is at position `u` after `d`;
//! - no instruction between `d` and `u` (inclusive) reads `x1`, and none is a branch.
//!
//! Then `d` moves to just after position `u`. Its operands are SSA values defined before `d`'s old position,
//! still available; nothing between read `x1`; so every value is unchanged.
//!
//! # Addresses after the increment
//!
//! First, a memory operand `[x + o]` in a block strictly dominated by the block of `x1 = add.{s,u}64 x, k` (a
//! pointer IV `x` read after a loop exit that follows its increment, as in `while (p[0] >= 0) p++; *p = v;`)
//! becomes `[x1 + (o - k)]`: the same address (64-bit wrapping arithmetic), read from the value that is live
//! there anyway, so `x` no longer lives past its increment and the rule above (or coalescing) needs no copy
//! (HeCBench deredundancy's `kernel_updateRepresentative`: llc-19 addresses the store `[p.next - 4]` likewise).
//!
//! # Cost
//!
//! One pass over the instructions to find uses, then per phi input a scan of at most [`WINDOW`] instructions
//! (a definition followed by more is left alone): linear.

use crate::mir::{graph, MFunction, OpKind, Operand};
use simtc_graph::DomTree;

/// Most instructions after a definition that are examined (longer blocks are left alone).
const WINDOW: usize = 64;

/// Runs the pass; returns how many definitions moved.
pub fn run(f: &mut MFunction) -> usize {
    let n = f.regs.len();
    let dt = DomTree::compute(&graph::block_graph(f));
    // Definition site and non-phi use blocks per register.
    let mut def: Vec<Option<(u32, usize)>> = vec![None; n];
    let mut use_blocks: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut phi_inputs: Vec<(u32, crate::mir::Reg)> = Vec::new(); // (phi dest, input)
    for &b in &f.order {
        for (k, i) in f.block(b).insts.iter().enumerate() {
            for r in i.defs() {
                def[r.0 as usize] = Some((b.0, k));
            }
            if i.is_phi() {
                if let Some(x) = i.dsts.first().and_then(Operand::reg) {
                    for s in &i.srcs {
                        if let Some(r) = s.reg() {
                            phi_inputs.push((x.0, r));
                        }
                    }
                }
            } else {
                for r in i.uses() {
                    let v = &mut use_blocks[r.0 as usize];
                    if v.last() != Some(&b.0) {
                        v.push(b.0);
                    }
                }
            }
        }
    }
    let mut moved = rebase_addresses(f, &dt, &def, &phi_inputs);
    for (x, x1) in phi_inputs {
        let x = crate::mir::Reg(x);
        let Some((db, dk)) = def[x1.0 as usize] else { continue };
        let insts = &f.blocks[db as usize].insts;
        let Some(d) = insts.get(dk) else { continue };
        if d.guard.is_some() || d.is_phi() || d.defs().as_slice() != [x1] || d.defs().contains(&x) {
            continue;
        }
        let e = d.effects();
        if e.side_effect
            || e.barrier
            || e.atomic
            || e.convergent
            || e.control
            || e.may_trap
            || d.op.kind == OpKind::Call
        {
            continue;
        }
        if use_blocks[x.0 as usize].iter().any(|&b| b != db && !(dt.is_reachable(b) && dt.strictly_dominates(b, db))) {
            continue;
        }
        // The last use of `x` after `d`, before the first read of `x1` or branch (the stop); no use of `x` may
        // follow the stop. Only blocks whose rest fits in the window are considered (linear cost).
        if insts.len() - dk - 1 > WINDOW {
            continue;
        }
        let mut last = None;
        let mut stopped = false;
        let mut late_use = false;
        for (k, i) in insts.iter().enumerate().skip(dk + 1) {
            if !stopped && (i.is_branch() || i.is_terminator() || i.is_call_frame() || i.uses().contains(&x1)) {
                stopped = true;
            }
            if !i.is_phi() && i.uses().contains(&x) {
                if stopped {
                    late_use = true;
                } else {
                    last = Some(k);
                }
            }
        }
        let Some(u) = last else { continue };
        if late_use {
            continue;
        }
        let insts = &mut f.blocks[db as usize].insts;
        let d = insts.remove(dk);
        insts.insert(u, d);
        // Positions in this block shifted by one between dk and u.
        for (k, i) in insts.iter().enumerate().take(u + 1).skip(dk) {
            for r in i.defs() {
                def[r.0 as usize] = Some((db, k));
            }
        }
        moved += 1;
    }
    moved
}

/// The address step before the main rule (module doc, "Addresses after the increment"): a memory operand
/// `[x + o]` in a block strictly dominated by the block `D` of `x1 = add.{s,u}64 x, k` (`x` a phi, `x1` one of its
/// inputs) becomes `[x1 + (o - k)]`. Returns how many operands changed.
fn rebase_addresses(
    f: &mut MFunction,
    dt: &DomTree,
    def: &[Option<(u32, usize)>],
    phi_inputs: &[(u32, crate::mir::Reg)],
) -> usize {
    use crate::mir::{Mod, Reg};
    // x -> (x1, k, D) for `x1 = add.s64 x, k` (unguarded, constant `k`).
    let mut step: rustc_hash::FxHashMap<Reg, (Reg, i64, u32)> = rustc_hash::FxHashMap::default();
    for &(x, x1) in phi_inputs {
        let x = Reg(x);
        let Some((db, dk)) = def[x1.0 as usize] else { continue };
        let d = &f.blocks[db as usize].insts[dk];
        if let (OpKind::Add, [Mod::S64 | Mod::U64], [Operand::Reg(a), Operand::Imm(k)], None) =
            (d.op.kind, d.op.mods.as_slice(), d.srcs.as_slice(), d.guard)
        {
            if *a == x && d.defs().as_slice() == [x1] {
                step.entry(x).or_insert((x1, *k, db));
            }
        }
    }
    if step.is_empty() {
        return 0;
    }
    let mut changed = 0;
    for b in f.order.clone() {
        for i in f.blocks[b.0 as usize].insts.iter_mut() {
            if i.is_phi() {
                continue;
            }
            for o in i.srcs.iter_mut() {
                let Operand::Addr(inner, off) = o else { continue };
                let Operand::Reg(x) = **inner else { continue };
                let Some(&(x1, k, db)) = step.get(&x) else { continue };
                if b.0 != db && dt.is_reachable(b.0) && dt.strictly_dominates(db, b.0) {
                    **inner = Operand::Reg(x1);
                    *off = off.wrapping_sub(k);
                    changed += 1;
                }
            }
        }
    }
    changed
}
