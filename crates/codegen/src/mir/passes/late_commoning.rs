//! `late-commoning`: commoning of the code that if-conversion made adjacent (seed 002, ptxas phase 64
//! "LateOriCommoning", which runs right after predication, phase 63 — here `ifconvert`).
//!
//! If-conversion puts the two arms of a diamond one after the other in one block: computations that were in
//! mutually exclusive blocks (where `gvn-cse` could not see them together) are now in a dominance relation,
//! and an instruction that both arms executed is now there twice, once under `@p`, once under `@!p`.
//!
//! # Walk
//! Blocks in dominator-tree preorder with a scoped hash table (rolled back when the walk leaves a block's
//! subtree), keyed by opcode, sources (through the representative map below; commutative operations sort
//! their first two sources), guard and memory generation. For each instruction `I`:
//! - **Move commoning** (seed: "MOV-based equivalence propagation"; off with `DisableMoveCommoning`): an
//!   unguarded register copy `mov d, s` of one class, and a `selp d, a, a, c` whose two values became the same
//!   register, make `d`'s representative `s`'s (`a`'s) and are deleted; every later operand is read through
//!   the representatives (the seed's operand remapping), so the copies the arms' phis turned into are seen
//!   through.
//! - **Same guard** (seed's predicate-compatibility rule C4: both unguarded, or the same predicate with the
//!   same sense): an earlier identical instruction computes the value → `I` is deleted and its register
//!   renamed. An unguarded earlier instruction also covers a guarded `I` (it computed the value on every
//!   thread).
//! - **Complementary guards** (`@p op` … `@!p op`): together they ran on every thread of the block, so the
//!   earlier one loses its guard and `I` is deleted and renamed. For a pure instruction the earlier one may be
//!   anywhere on the dominator path (running it on more threads is harmless); for a load or store it must be in
//!   the same block with no branch in between (so every thread that runs the first reaches the second), and
//!   the memory generations (below) must be the same.
//!
//! Eligible: one register destination (or, for stores, none), not a phi, not convergent, no barrier, atomic,
//! side effect or control; pure instructions and plain loads, and stores when guarded (two stores of the same
//! value to the same address under complementary guards are one unguarded store; a repeated one goes).
//! With `DisableMoveCommoning`, `mov` instructions are neither propagated nor commoned.
//!
//! Memory (as in `gvn-cse`): per space (global, shared, local, const, param) a *write generation*, advanced by
//! every store, atomic and barrier that may touch it, and an *access generation*, advanced by every access at
//! all. A load's key holds the write generations of the spaces it reads; a store's key the access generations
//! of the spaces it writes, taken after its own access — so a store is commoned only with an identical store
//! with no access to a may-alias space in between (moving the second one up must not pass a load). A block
//! entered from its immediate dominator alone keeps the dominator's generations, any other starts new ones.
//!
//! Gate (seed: knob `ForceLateCommoning` and a per-function "commoning enabled" state decide whether the phase
//! runs): by default the pass runs on functions that `ifconvert` changed ([`MFunction::if_converted`]) or
//! that contain predicated code (a guarded instruction other than a branch, as in hand-written MIR);
//! `ForceLateCommoning=true` runs it on every function.
//!
//! Cost: one visit per instruction with O(1) expected hash work, and one final renaming walk: linear.

use crate::mir::scoped::ScopedTable;
use crate::mir::{graph, Effects, MBlock, MFunction, MInst, OpKind, Opcode, Operand, Reg, RegClass, Spaces};
use smallvec::SmallVec;

/// Runs the pass on every function, not only those with predicated code.
pub const FORCE_KNOB: &str = "ForceLateCommoning";
/// Turns off the propagation of copies and the commoning of `mov`s.
pub const NO_MOVE_KNOB: &str = "DisableMoveCommoning";

const SPACES: [Spaces; 5] = [Spaces::GLOBAL, Spaces::SHARED, Spaces::LOCAL, Spaces::CONST, Spaces::PARAM];

#[derive(PartialEq, Eq, Hash)]
struct Key {
    op: Opcode,
    srcs: SmallVec<[Operand; 3]>,
    guard: Option<(Reg, bool)>,
    class: Option<RegClass>,
    mem: [u32; 5],
}

/// Where an earlier instruction is: its block, its index there, the branch segment, its destination.
#[derive(Copy, Clone)]
struct Leader {
    block: MBlock,
    index: usize,
    segment: u32,
    dst: Option<Reg>,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Kind {
    Pure,
    Load,
    Store,
}

fn eligible(i: &MInst, e: &Effects, moves: bool) -> Option<Kind> {
    if i.is_phi() || i.is_pseudo() || i.is_call_frame() || i.kind() == OpKind::InlineAsm {
        return None;
    }
    if e.convergent || e.barrier || e.atomic || e.side_effect || e.control {
        return None;
    }
    if !moves && i.kind() == OpKind::Mov {
        return None;
    }
    match i.dsts.as_slice() {
        [Operand::Reg(_)] if e.is_pure() => Some(Kind::Pure),
        [Operand::Reg(_)] if matches!(i.kind(), OpKind::Ld | OpKind::Ldu) && e.writes.is_empty() => Some(Kind::Load),
        [] if i.kind() == OpKind::St && i.guard.is_some() => Some(Kind::Store),
        _ => None,
    }
}

/// Whether `f` holds predicated code (a guarded instruction that is not a branch).
pub fn has_predicated_code(f: &MFunction) -> bool {
    f.order.iter().any(|&b| f.block(b).insts.iter().any(|i| i.guard.is_some() && !i.is_branch()))
}

/// Runs the pass; returns the number of instructions removed.
pub fn run(f: &mut MFunction, force: bool, moves: bool) -> usize {
    if f.order.is_empty() || !(force || f.if_converted || has_predicated_code(f)) {
        return 0;
    }
    let dt = graph::dominators(f);
    let preds = f.preds();
    let nblocks = f.blocks.len();
    let mut rep: Vec<Reg> = (0..f.regs.len() as u32).map(Reg).collect();
    let mut table: ScopedTable<Key, Leader> = ScopedTable::default();
    let mut undo_mark = vec![0usize; nblocks];
    let mut end_gens: Vec<([u32; 5], [u32; 5])> = vec![([0; 5], [0; 5]); nblocks];
    let mut next_gen: u32 = 1;
    let mut segment: u32 = 0;
    let mut removed = 0;
    let entry = f.order[0].0;
    let mut stack: Vec<(u32, bool)> = vec![(entry, false)];
    while let Some((b, leaving)) = stack.pop() {
        if leaving {
            table.rollback(undo_mark[b as usize]);
            continue;
        }
        undo_mark[b as usize] = table.mark();
        segment += 1;
        let inherit = dt.idom(b).is_some_and(|d| preds[b as usize].len() == 1 && preds[b as usize][0].0 == d);
        let (mut wgen, mut agen) = match (inherit, dt.idom(b)) {
            (true, Some(d)) => end_gens[d as usize],
            _ => {
                next_gen += 1;
                ([next_gen; 5], [next_gen; 5])
            }
        };
        let mut insts = std::mem::take(&mut f.blocks[b as usize].insts);
        // Compacted in place as `Vec::retain` does: a kept instruction moves down to `w`, its final index (the
        // index a leader records); nothing moves before the first removal.
        let mut w = 0usize;
        for pos in 0..insts.len() {
            let keep = 'inst: {
                let (kept, rest) = insts.split_at_mut(pos);
                let i = &mut rest[0];
                if !i.is_phi() {
                    i.map_uses(&mut |r| rep[r.0 as usize]);
                }
                if i.is_branch() {
                    segment += 1;
                }
                let e = i.effects();
                // Move commoning: copies and selects of one value.
                if moves && i.guard.is_none() {
                    if let [Operand::Reg(d)] = i.dsts.as_slice() {
                        let src = match (i.kind(), i.srcs.as_slice()) {
                            (OpKind::Mov, [Operand::Reg(s)]) if i.op.mods.len() == 1 => Some(*s),
                            (OpKind::Selp, [Operand::Reg(a), Operand::Reg(c), _]) if a == c => Some(*a),
                            _ => None,
                        };
                        if let Some(s) = src.filter(|s| f.regs[s.0 as usize] == f.regs[d.0 as usize]) {
                            rep[d.0 as usize] = s;
                            removed += 1;
                            break 'inst false;
                        }
                    }
                }
                let clobber = if e.barrier || e.side_effect { Spaces::ALL } else { e.writes };
                let access = if e.barrier || e.side_effect { Spaces::ALL } else { Spaces(e.reads.0 | e.writes.0) };
                let bump = |gens: &mut [u32; 5], s: Spaces, next: &mut u32| {
                    for (k, sp) in SPACES.iter().enumerate() {
                        if s.overlaps(*sp) {
                            *next += 1;
                            gens[k] = *next;
                        }
                    }
                };
                let Some(kind) = eligible(i, &e, moves) else {
                    bump(&mut wgen, clobber, &mut next_gen);
                    bump(&mut agen, access, &mut next_gen);
                    break 'inst true;
                };
                let dst = i.dsts.first().and_then(Operand::reg);
                let srcs = i.canonical_srcs();
                let mem_of = |gens: &[u32; 5], s: Spaces| {
                    let mut m = [0u32; 5];
                    for (k, sp) in SPACES.iter().enumerate() {
                        if s.overlaps(*sp) {
                            m[k] = gens[k];
                        }
                    }
                    m
                };
                let mem = match kind {
                    Kind::Pure => [0; 5],
                    Kind::Load => mem_of(&wgen, e.reads),
                    Kind::Store => mem_of(&agen, e.writes),
                };
                let class = dst.map(|d| f.regs[d.0 as usize]);
                // One key, its guard changed between look-ups (operands are cloned once per instruction).
                let mut k = Key { op: i.op.clone(), srcs, guard: None, class, mem };
                // Same guard, or an unguarded leader.
                let mut done = false;
                for g in [None, i.guard] {
                    if done || (g.is_some() && i.guard.is_none()) {
                        continue;
                    }
                    k.guard = g;
                    if let Some(l) = table.get(&k) {
                        if let (Some(d), Some(ld)) = (dst, l.dst) {
                            rep[d.0 as usize] = ld;
                        }
                        done = true;
                    }
                }
                // Complementary guard: the leader loses its guard.
                if let (false, Some((q, n))) = (done, i.guard) {
                    k.guard = Some((q, !n));
                    if let Some(&l) = table.get(&k) {
                        let local = l.block.0 == b && l.segment == segment;
                        if kind == Kind::Pure || local {
                            let leader = if l.block.0 == b {
                                &mut kept[l.index]
                            } else {
                                &mut f.blocks[l.block.0 as usize].insts[l.index]
                            };
                            leader.guard = None;
                            if let (Some(d), Some(ld)) = (dst, l.dst) {
                                rep[d.0 as usize] = ld;
                            }
                            k.guard = None;
                            table.insert(k, l);
                            removed += 1;
                            break 'inst false;
                        }
                    }
                }
                if done {
                    removed += 1;
                    break 'inst false;
                }
                bump(&mut wgen, clobber, &mut next_gen);
                bump(&mut agen, access, &mut next_gen);
                k.guard = i.guard;
                if kind == Kind::Store {
                    k.mem = mem_of(&agen, e.writes);
                }
                let l = Leader { block: MBlock(b), index: w, segment, dst };
                table.insert(k, l);
                true
            };
            if keep {
                if w != pos {
                    insts.swap(w, pos);
                }
                w += 1;
            }
        }
        insts.truncate(w);
        f.blocks[b as usize].insts = insts;
        end_gens[b as usize] = (wgen, agen);
        stack.push((b, true));
        for &c in dt.children(b).iter().rev() {
            stack.push((c, false));
        }
    }
    if removed > 0 {
        // Representatives may chain (a copy of a value later found equal to another): resolve once.
        for r in 0..rep.len() {
            let mut x = rep[r];
            while rep[x.0 as usize] != x {
                x = rep[x.0 as usize];
            }
            rep[r] = x;
        }
        f.map_uses(&mut |r| rep[r.0 as usize]);
    }
    removed
}
