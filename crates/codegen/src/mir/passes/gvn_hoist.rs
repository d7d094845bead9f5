//! `gvn-hoist`: one copy of an integer expression that sibling blocks each compute moves to their nearest
//! common dominator (SSA MIR; LLVM's `GVNHoist`, which is off by default there, restricted to cheap integer
//! arithmetic; what LLVM's loop strength reduction achieves for the address case below).
//!
//! `gvn-cse` removes a value recomputed where an earlier instance *dominates* it. Blocks that are each other's
//! siblings — the arms of a chain of `if (x & bit) { ... }` tests, the two sides of a diamond — keep their own
//! instances: curand's skip-ahead tests 32 bits of a word in a row and each taken arm recomputes the row
//! address `base + 4 × (5 × i)` (a `mul.lo`, a `mul.wide` and an `add.s64` per arm, where llc walks one
//! pointer). This pass puts one instance at the end of the arms' nearest common dominator and renames the
//! others' results to it; rounds repeat (at most [`ROUNDS`]) so the users of a hoisted value, now identical,
//! follow it up.
//!
//! # Rule
//!
//! A *candidate* is an instruction without a guard whose effects are pure ([`crate::mir::Effects::is_pure`],
//! not convergent), with one register destination of class `.b32` or `.b64`, an operation among add, sub, mul,
//! mad, shifts, bitwise logic, min/max, bit-field extract/insert, `prmt`, `cvt` between integer types and
//! `cvta`, every type modifier an integer type, and at least one register source (a constant or a special
//! register is cheaper to recompute than to keep live). Candidates are grouped by the value-numbering key of
//! `gvn-cse` (operation and modifiers, sources with commutative operands ordered, destination class). A group
//! with instances in two or more blocks, none of them the group's nearest common dominator `D` (that case is
//! `gvn-cse`'s), is hoisted when:
//! - every register source is defined in a block that dominates `D` (and, within `D`, before its end);
//! - `D` does not leave from the middle (its branches are its last instructions), so its end is passed on
//!   every path from `D` to an instance;
//! - `D` is in no loop that an instance is outside of, so the hoisted instance runs no more often than the
//!   instances did together on any path (hoisting out of loops is `licm`'s, and stays correct);
//! - the register cost below allows it.
//!
//! `add`/`sub` of a register and an immediate are no candidates: ptxas folds such an offset into the address or
//! operand that reads it, and a hoisted one is a register more across the region for nothing.
//!
//! *Expensive* operations are candidates too, whatever their register class: an integer `div`/`rem` by a
//! register, and a correctly rounded (`.rn`) floating-point `div`, `sqrt` or `rcp` (ptxas expands each into a
//! Newton iteration with a slow path: an `f64` division is about 40 SASS instructions). LLVM's branch folder
//! hoists such an instruction when it starts both sides of a diamond; clang's output often computes the same
//! quotient in both arms of an `if` (HeCBench myocyte: the same 15 `f64` divisions on both sides, 2,085 SASS
//! instructions against llc's 1,726).
//!
//! # Register cost
//!
//! The hoisted value becomes live over the *region*: every block on a path from the end of `D` to an instance
//! (a backward walk from the instances that stops at `D`, at most [`MAX_REGION`] blocks). The sources are live
//! there already (the instances read them and their definitions dominate `D`); a source whose only readers are
//! the instances dies at `D` instead. The net change `delta` is the result's width less those sources' widths
//! (in 32-bit registers). The group is hoisted when
//! - `delta ≤ 0`: no register more anywhere;
//! - otherwise only when one instance's block lies on a path into another's (a thread may run several: the bit
//!   tests above), since between exclusive alternatives — the two sides of a diamond — the hoist saves static
//!   instructions only, not issued ones, and a register across both sides costs occupancy; an expensive
//!   operation is hoisted between exclusive alternatives too when every successor of `D` holds an instance
//!   (the arms of a diamond: every path from `D` computed it before, so no path gains a division; its static
//!   size is worth the register, and a warp that diverged over the alternatives computes it once instead of
//!   once per side). Then, when the
//!   region has at most [`DENSE`] blocks per instance the value is used densely and worth its register;
//!   a sparser one must not raise the function's estimated peak pressure (registers live at a block
//!   boundary, SSA liveness, computed once per round when first needed, plus the deltas of the groups already
//!   taken) and is refused outright in a function whose peak is [`HIGH_PRESSURE`] or more.
//!
//! Measured on HeCBench (1,824 kernels, sm_90, SASS after ptxas -O3): without the register cost, 364 kernels
//! got shorter and 61 longer (geomean against llc 0.904 → 0.899) but registers rose on 125 kernels (a CUB merge
//! sort 64 → 152); with it, 204 shorter, 33 longer, geomean 0.902, registers at or below llc's on as many
//! kernels as before (curand's `setup_kernel` 1,292 → 966 instructions, llc 983).
//!
//! The first instance moves to the end of `D` (before its branches), keeping its destination; the others are
//! deleted and their destinations renamed to it. `D` dominates every instance, hence every use of their
//! results, so SSA dominance holds. Executing a pure operation on a path that did not compute it changes no
//! observable state and traps on nothing: PTX arithmetic raises no exception, and no memory access is a
//! candidate. An integer division or remainder by a register is the exception: PTX gives an unspecified value
//! for a zero divisor, but the emulator reports the division as an error (a program that divides by zero has a
//! bug), so such a group is hoisted only when every successor of `D` holds an instance — every path from `D`
//! divided by the same register before (bypass-slow-division's fast paths of a `udiv` and an `sdiv` of the same
//! operands, one after the other, would otherwise put the 32-bit division before the test that guards it).
//!
//! # Cost
//!
//! One round: a dominator tree and loop forest (once), a definition-block map, one hash of every candidate, a
//! nearest-common-dominator fold per group member, a region walk of at most [`MAX_REGION`] blocks per group with
//! several instances, at most one liveness, and one renaming sweep. Linear in the function apart from the
//! dominator-tree walk of the fold (tree depth per member) and the bounded region walks.

use super::remat::{pressure, weight};
use crate::mir::{graph, MBlock, MFunction, MInst, Mod, OpKind, Opcode, Operand, Reg, RegClass};
use rustc_hash::FxHashMap;
use simtc_graph::{DomTree, LoopForest};
use smallvec::SmallVec;

/// At most this many rounds (each lets the users of the values the previous one hoisted follow them).
pub const ROUNDS: usize = 4;

fn integer_type(m: Mod) -> bool {
    use Mod::*;
    matches!(m, B8 | B16 | B32 | B64 | U8 | U16 | U32 | U64 | S8 | S16 | S32 | S64)
}

/// Whether an operation is an integer division or remainder by a register (never speculated onto a path that
/// did not divide; see the module doc).
fn int_div_by_reg(op: &Opcode, srcs: &[Operand]) -> bool {
    matches!(op.kind, OpKind::Div | OpKind::Rem)
        && op.ty().is_some_and(integer_type)
        && matches!(srcs.get(1), Some(Operand::Reg(_)))
}

/// Whether an operation is expensive (see the module doc): an integer division or remainder by a register,
/// or a correctly rounded floating-point division, square root or reciprocal.
fn costly(op: &Opcode, srcs: &[Operand], class: RegClass) -> bool {
    use OpKind::*;
    let Some(ty) = op.ty() else { return false };
    match op.kind {
        Div | Rem if integer_type(ty) => matches!(class, RegClass::B32 | RegClass::B64) && int_div_by_reg(op, srcs),
        Div | Sqrt | Rcp if ty.is_float() => {
            matches!(class, RegClass::F32 | RegClass::F64) && op.mods.contains(&Mod::Rn)
        }
        _ => false,
    }
}

/// Whether `i` is a cheap integer candidate by its operation and class alone (see the module doc).
fn cheap(i: &MInst, class: RegClass) -> bool {
    use OpKind::*;
    matches!(class, RegClass::B32 | RegClass::B64)
        && matches!(
            i.op.kind,
            Add | Sub | Mul | Mad | Shl | Shr | Shf | And | Or | Xor | Not | Min | Max | Bfe | Bfi | Prmt | Cvt | Cvta
        )
        && i.op.types().all(integer_type)
        && (i.op.kind == Cvta || i.op.ty().is_some())
        // A register plus an immediate: an offset that ptxas folds into an address or an operand.
        && !(matches!(i.op.kind, Add | Sub) && matches!(i.srcs.as_slice(), [Operand::Reg(_), Operand::Imm(_)]))
}

/// Whether `i` may be hoisted (see the module doc's candidates): an unguarded, pure [`cheap`] or [`costly`]
/// operation with one register destination and at least one register source.
fn candidate(f: &MFunction, i: &MInst) -> bool {
    if i.guard.is_some() || i.is_phi() || i.is_pseudo() || i.is_call_frame() {
        return false;
    }
    let [Operand::Reg(d)] = i.dsts.as_slice() else { return false };
    let class = f.regs[d.0 as usize];
    if !(cheap(i, class) || costly(&i.op, &i.srcs, class)) || !i.srcs.iter().any(|s| matches!(s, Operand::Reg(_))) {
        return false;
    }
    let e = i.effects();
    e.is_pure() && !e.convergent
}

/// The instances of one expression: (block, destination) each.
type Members = SmallVec<[(u32, Reg); 2]>;

#[derive(PartialEq, Eq, Hash)]
struct Key {
    op: Opcode,
    srcs: SmallVec<[Operand; 3]>,
    class: RegClass,
}

/// The index in `insts` before which an instruction goes to run at the end of the block: the first of the
/// trailing branches and terminators. `None` when a branch comes earlier (the block may leave from the middle).
fn insertion_point(insts: &[MInst]) -> Option<usize> {
    let mut at = insts.len();
    while at > 0 && (insts[at - 1].is_branch() || insts[at - 1].is_terminator()) {
        at -= 1;
    }
    (!insts[..at].iter().any(|i| i.is_branch() || i.is_terminator())).then_some(at)
}

/// Runs the pass; returns how many instructions were removed (instances renamed to a hoisted one).
pub fn run(f: &mut MFunction) -> usize {
    if f.order.len() < 3 {
        return 0;
    }
    // The dominator tree and loops, computed once, when a round first finds a group worth them.
    let mut cfg: Option<(DomTree, LoopForest)> = None;
    // After the first round, only instructions reading a value hoisted by the previous one are grouped (their
    // keys are the only ones that changed): `fresh` marks those values. A group refused earlier is not weighed
    // again, although its register cost may have fallen since (a source that lost readers).
    let mut fresh: Option<Vec<bool>> = None;
    let mut removed = 0;
    for _ in 0..ROUNDS {
        let n = round(f, &mut cfg, &mut fresh);
        if n == 0 {
            break;
        }
        removed += n;
    }
    removed
}

/// Most blocks a hoisted value's new live range may cover (beyond it the group stays where it is).
pub const MAX_REGION: usize = 256;

/// A live range of at most this many blocks per instance counts as dense.
pub const DENSE: usize = 4;

/// Estimated pressure (32-bit registers live at a block boundary) from which a function gets no hoist that
/// lengthens a live range sparsely.
pub const HIGH_PRESSURE: i64 = 128;

/// Live-in weight of every block, and the function's peak at any block boundary.
fn block_pressure(f: &MFunction) -> (Vec<i64>, i64) {
    let live = graph::liveness(f);
    let mut base = vec![0; f.blocks.len()];
    for &b in &f.order {
        base[b.0 as usize] = live.live_in.get(b.0).iter().map(|&r| weight(f.regs[r as usize]) as i64).sum();
    }
    (base, pressure(f, &live) as i64)
}

/// One round; returns how many instances were removed.
fn round(f: &mut MFunction, cfg: &mut Option<(DomTree, LoopForest)>, fresh: &mut Option<Vec<bool>>) -> usize {
    // Definition block of every register (None: defined nowhere, i.e. available everywhere) and read counts.
    let mut def: Vec<Option<u32>> = vec![None; f.regs.len()];
    let mut reads = vec![0u32; f.regs.len()];
    // Groups by key: the index of each key's member list, in order of first appearance.
    let mut index: FxHashMap<Key, u32> = FxHashMap::default();
    let mut lists: Vec<Members> = Vec::new();
    for &b in &f.order {
        for i in &f.block(b).insts {
            i.for_each_def(&mut |r| def[r.0 as usize] = Some(b.0));
            i.for_each_use(&mut |r| reads[r.0 as usize] += 1);
            if !candidate(f, i) {
                continue;
            }
            if let Some(fr) = fresh.as_ref() {
                if !i.srcs.iter().any(|s| matches!(s, Operand::Reg(r) if fr[r.0 as usize])) {
                    continue;
                }
            }
            let d = i.dsts[0].reg().expect("register destination");
            let key = Key { op: i.op.clone(), srcs: i.canonical_srcs(), class: f.regs[d.0 as usize] };
            let next = lists.len() as u32;
            let k = *index.entry(key).or_insert(next);
            if k == next {
                lists.push(SmallVec::new());
            }
            lists[k as usize].push((b.0, d));
        }
    }
    // The groups with instances in two blocks or more, in order of first appearance.
    let mut order: Vec<(u32, Key, Members)> = Vec::new();
    for (key, k) in index {
        let l = &mut lists[k as usize];
        if l.iter().any(|m| m.0 != l[0].0) {
            order.push((k, key, std::mem::take(l)));
        }
    }
    if order.is_empty() {
        return 0;
    }
    order.sort_unstable_by_key(|g| g.0);
    let (dt, loops) = cfg.get_or_insert_with(|| {
        let g = graph::block_graph(f);
        let dt = DomTree::compute(&g);
        let loops = LoopForest::compute(&g, &dt);
        (dt, loops)
    });
    let (dt, loops) = (&*dt, &*loops);
    // Register pressure per block (computed when first needed) and what accepted hoists add to it.
    let mut pressure: Option<(Vec<i64>, i64)> = None;
    let mut extra: Vec<i64> = vec![0; f.blocks.len()];
    let w = |r: u32| weight(f.regs[r as usize]) as i64;
    let preds = f.preds();
    let mut seen: Vec<u32> = vec![u32::MAX; f.blocks.len()];
    let mut member_of: Vec<u32> = vec![u32::MAX; f.blocks.len()];
    let mut rename: Vec<Reg> = (0..f.regs.len() as u32).map(Reg).collect();
    // (target block, first instance's register); the others' registers are renamed to it.
    let mut plans: Vec<(u32, Reg)> = Vec::new();
    for (gi, (_, key, members)) in order.iter().enumerate() {
        if !members.iter().all(|m| dt.is_reachable(m.0)) {
            continue;
        }
        let mut d = members[0].0;
        for &(b, _) in &members[1..] {
            match dt.nca(d, b) {
                Some(x) => d = x,
                None => break,
            }
        }
        if members.iter().any(|&(b, _)| b == d) {
            continue;
        }
        let available = key.srcs.iter().all(|s| match s {
            Operand::Reg(r) => def[r.0 as usize].is_none_or(|db| dt.dominates(db, d)),
            _ => true,
        });
        if !available || insertion_point(&f.block(MBlock(d)).insts).is_none() {
            continue;
        }
        if let Some(l) = loops.forest.innermost_of(d) {
            if !members.iter().all(|&(b, _)| loops.forest.contains(l, b)) {
                continue;
            }
        }
        // The new live range: every block on a path from the end of `d` to an instance.
        let mut region: Vec<u32> = Vec::new();
        let mut stack: Vec<u32> = members.iter().map(|&(b, _)| b).collect();
        for &(b, _) in members {
            member_of[b as usize] = gi as u32;
        }
        let mut too_big = false;
        // Whether an instance's block lies on a path into another's: a thread may run both.
        let mut sequential = false;
        while let Some(b) = stack.pop() {
            if b == d || seen[b as usize] == gi as u32 {
                continue;
            }
            seen[b as usize] = gi as u32;
            region.push(b);
            if region.len() > MAX_REGION {
                too_big = true;
                break;
            }
            for p in &preds[b as usize] {
                sequential |= member_of[p.0 as usize] == gi as u32;
                stack.push(p.0);
            }
        }
        if too_big {
            continue;
        }
        // Net pressure over the region: the result, less the sources whose only readers are the instances.
        let mut delta = weight(key.class) as i64;
        let mut counted: SmallVec<[Reg; 3]> = SmallVec::new();
        for s in &key.srcs {
            if let Operand::Reg(r) = s {
                if counted.contains(r) {
                    continue;
                }
                counted.push(*r);
                let per = key.srcs.iter().filter(|t| *t == s).count() as u32;
                if reads[r.0 as usize] == per * members.len() as u32 {
                    delta -= w(r.0);
                }
            }
        }
        // An integer division by a register runs only where a path divided before (every successor of `d`
        // holds an instance): moved onto a path that divided by nothing, a zero divisor there would make the
        // emulator report a division by zero the program does not perform (PTX itself gives an unspecified value).
        let every_succ = f.succs(MBlock(d)).iter().all(|s| members.iter().any(|m| m.0 == s.0));
        if int_div_by_reg(&key.op, &key.srcs) && !every_succ {
            continue;
        }
        if delta > 0 {
            // A value more live across blocks where only one instance runs saves nothing at run time, unless
            // computing it is expensive: then one instance instead of several is code size worth a register,
            // and a warp that diverged over the alternatives computes it once instead of once per side. Only
            // when every successor of `d` holds an instance (the two arms of a diamond, as LLVM's branch folder
            // hoists): every path from `d` computed it before, so the hoist adds it to none.
            let diamond_of_costly = costly(&key.op, &key.srcs, key.class) && every_succ;
            if !sequential && !diamond_of_costly {
                continue;
            }
            // Used densely (a few blocks per instance), it is worth a register; otherwise it may not raise the
            // function's peak, and not at all where that peak is already high.
            if region.len() > DENSE * members.len() {
                let (base, peak) = pressure.get_or_insert_with(|| block_pressure(f));
                if *peak >= HIGH_PRESSURE
                    || region.iter().any(|&b| base[b as usize] + extra[b as usize] + delta > *peak)
                {
                    continue;
                }
            }
        }
        for &b in &region {
            extra[b as usize] += delta;
        }
        let first = members[0].1;
        for &(_, r) in &members[1..] {
            rename[r.0 as usize] = first;
        }
        plans.push((d, first));
    }
    if plans.is_empty() {
        return 0;
    }
    // The hoisted values (the next round's `fresh`).
    let mut firsts = vec![false; f.regs.len()];
    for p in &plans {
        firsts[p.1 .0 as usize] = true;
    }
    // Take the first instances out of their blocks and delete the others.
    let mut moving: FxHashMap<Reg, MInst> = FxHashMap::default();
    let mut removed = 0;
    for bi in 0..f.order.len() {
        let b = f.order[bi];
        f.blocks[b.0 as usize].insts.retain(|i| {
            let Some(Operand::Reg(d)) = i.dsts.first() else { return true };
            if i.dsts.len() != 1 {
                return true;
            }
            if firsts[d.0 as usize] {
                moving.insert(*d, i.clone());
                return false;
            }
            if rename[d.0 as usize] != *d {
                removed += 1;
                return false;
            }
            true
        });
    }
    *fresh = Some(firsts);
    for (d, first) in &plans {
        let inst = moving.remove(first).expect("hoisted instance");
        let insts = &mut f.blocks[*d as usize].insts;
        let at = insertion_point(insts).expect("checked insertion point");
        insts.insert(at, inst);
    }
    f.map_uses(&mut |r| rename[r.0 as usize]);
    removed
}
