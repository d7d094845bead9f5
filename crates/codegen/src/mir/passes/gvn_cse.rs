//! `gvn-cse`: dominator-scoped value numbering and common-subexpression elimination on SSA MIR (seed 002,
//! ptxas phase 49 "GvnCse").
//!
//! The blocks are walked in dominator-tree preorder with a scoped hash table from an *expression key* to the
//! register that first computed it (the leader). A value defined in block `B` is visible only in the blocks `B`
//! dominates: the table is rolled back (undo log) when the walk leaves `B`'s subtree. When an instruction's key
//! is already in the table, the instruction is deleted and every use of its destination is renamed to the
//! leader's (seed: "replace I with MOV"; on SSA MIR the rename is the same thing with the copy already
//! propagated — the leader dominates the redundant instruction, hence every use of its result, so SSA dominance
//! is preserved).
//!
//! Expression key: the opcode (operation and every modifier, so the state space of a load, the type, rounding,
//! comparison... all take part), the sources with registers already renamed to their leaders (the value
//! number of a register is its leader), the guard predicate and its sense (seed: "predicated instructions hash
//! their guard"), and for loads the *memory generation* of every space they may read. Commutative operations
//! ([`crate::mir::Opcode::is_commutative`]: add, mul, and, or, xor, min, max, the product of mad/fma,
//! setp.eq/ne) sort their first two sources (registers by value number, then immediates) before hashing.
//!
//! Eligibility (the seed's rules translated to [`crate::mir::Effects`]): exactly one register destination, not a
//! phi, not inline asm, and either pure ([`crate::mir::Effects::is_pure`]) or a plain load (reads memory, writes
//! none, not volatile, not ordered, not an atomic). Convergent (warp-synchronous) operations — `shfl`, `vote`,
//! `match`, `redux` — are never commoned: their value depends on the set of active threads, which differs
//! between a dominator and a divergent block it dominates (the seed only allows them in an "enhanced scope"
//! that PTX cannot express).
//!
//! Memory: each of the five spaces (global, shared, local, const, param) has a generation number. A store,
//! atomic or reduction starts a new generation of every space it may write (generic addressing: all of
//! global/shared/local/const); a barrier (`bar.sync`, `membar`, `fence`, ordered accesses, calls, side-effecting
//! asm) starts a new generation of every space. A load's key holds the generations of the spaces it reads, so
//! it is never commoned across a barrier or an intervening store/atomic to a space it may alias. Entering a
//! block whose single predecessor is its immediate dominator keeps the dominator's end-of-block generations
//! (every path into it passes that point); any other block (joins, loop headers) starts new generations.
//!
//! Knob `EnableGvnCseMode` (seed knob 402): 0 off; 1 single-block (the table is cleared at every block);
//! 2 dominator-guided for pure operations, loads only within a block; 3–6 full: loads also across
//! single-predecessor edges (the seed's extended/EBB scope; simtc does not distinguish 3–6). `-1` (the
//! default) takes the per-SM table the seed documents — real GvnCse on sm_70/72/75 (Volta family) and sm_90
//! and later → 3; the sm_80–sm_89 backends make phase 49 a no-op and rely on local commoning, which simtc
//! stands in for with mode 1.
//!
//! Cost: one visit per instruction, O(1) expected hash work each, plus the final rename: linear.

use crate::mir::scoped::ScopedTable;
use crate::mir::{graph, Effects, MFunction, MInst, OpKind, Opcode, Operand, Reg, RegClass, Spaces};
use crate::target::Target;
use smallvec::SmallVec;

/// The knob selecting the mode (see the module doc).
pub const MODE_KNOB: &str = "EnableGvnCseMode";

/// The mode the per-SM default table gives for `t`.
pub fn default_mode(t: Target) -> i64 {
    match t.sm() {
        80..=89 => 1,
        _ => 3,
    }
}

#[derive(PartialEq, Eq, Hash)]
struct Key {
    op: Opcode,
    srcs: SmallVec<[Operand; 3]>,
    guard: Option<(Reg, bool)>,
    class: RegClass,
    mem: [u32; 5],
}

const SPACES: [Spaces; 5] = [Spaces::GLOBAL, Spaces::SHARED, Spaces::LOCAL, Spaces::CONST, Spaces::PARAM];

/// Whether `i` may be commoned, and whether it is a load.
fn eligible(i: &MInst, e: &Effects) -> Option<bool> {
    if i.is_phi() || i.is_pseudo() || i.is_call_frame() || i.kind() == OpKind::InlineAsm || e.convergent {
        return None;
    }
    if !matches!(i.dsts.as_slice(), [Operand::Reg(_)]) {
        return None;
    }
    if e.is_pure() {
        return Some(false);
    }
    let plain_load = matches!(i.kind(), OpKind::Ld | OpKind::Ldu)
        && e.is_removable()
        && !e.barrier
        && !e.atomic
        && !e.reads.is_empty();
    plain_load.then_some(true)
}

/// Runs the pass in `mode` (0–6); returns the number of instructions removed.
pub fn run(f: &mut MFunction, mode: i64) -> usize {
    if mode <= 0 || f.order.is_empty() {
        return 0;
    }
    let dt = graph::dominators(f);
    let preds = f.preds();
    let nblocks = f.blocks.len();
    let mut leader: Vec<Reg> = (0..f.regs.len() as u32).map(Reg).collect();
    let mut table: ScopedTable<Key, Reg> = ScopedTable::default();
    let mut next_gen: u32 = 1;
    let mut removed = 0;
    // Iterative dominator-tree walk: (block, undo length at entry, generations at the end of its parent).
    let entry = f.order[0].0;
    let mut end_gens: Vec<[u32; 5]> = vec![[0; 5]; nblocks];
    let mut stack: Vec<(u32, bool)> = vec![(entry, false)];
    let mut undo_mark: Vec<usize> = vec![0; nblocks];
    while let Some((b, leaving)) = stack.pop() {
        if leaving {
            table.rollback(undo_mark[b as usize]);
            continue;
        }
        if mode == 1 {
            table.clear();
        }
        undo_mark[b as usize] = table.mark();
        // Memory state at entry.
        let inherit =
            mode >= 3 && dt.idom(b).is_some_and(|d| preds[b as usize].len() == 1 && preds[b as usize][0].0 == d);
        let mut gens = match (inherit, dt.idom(b)) {
            (true, Some(d)) => end_gens[d as usize],
            _ => {
                let g = [next_gen; 5];
                next_gen += 1;
                g
            }
        };
        // Compacted in place: instructions before the first removal never move.
        let regs = &f.regs;
        f.blocks[b as usize].insts.retain_mut(|i| {
            if !i.is_phi() {
                i.map_uses(&mut |r| leader[r.0 as usize]);
            }
            let e = i.effects();
            // Clobbers first (an atomic both reads and writes; it is not eligible anyway).
            let clobber = if e.barrier || e.side_effect { Spaces::ALL } else { e.writes };
            if !clobber.is_empty() {
                for (k, s) in SPACES.iter().enumerate() {
                    if clobber.overlaps(*s) {
                        gens[k] = next_gen;
                        next_gen += 1;
                    }
                }
            }
            let Some(is_load) = eligible(i, &e) else {
                return true;
            };
            let d = i.dsts[0].reg().expect("register destination");
            let srcs = i.canonical_srcs();
            let mut mem = [0u32; 5];
            if is_load {
                for (k, s) in SPACES.iter().enumerate() {
                    if e.reads.overlaps(*s) {
                        mem[k] = gens[k];
                    }
                }
            }
            let key = Key { op: i.op.clone(), srcs, guard: i.guard, class: regs[d.0 as usize], mem };
            match table.get(&key) {
                Some(&l) => {
                    leader[d.0 as usize] = l;
                    removed += 1;
                    false
                }
                None => {
                    table.insert(key, d);
                    true
                }
            }
        });
        end_gens[b as usize] = gens;
        stack.push((b, true));
        for &c in dt.children(b).iter().rev() {
            stack.push((c, false));
        }
    }
    if removed > 0 {
        f.map_uses(&mut |r| leader[r.0 as usize]);
    }
    removed
}
