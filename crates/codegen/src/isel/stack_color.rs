//! Stack coloring (`stack-coloring`): `alloca`s whose lifetimes (`llvm.lifetime.start`/`end`) never meet share
//! one slot of the local depot, as LLVM's StackColoring lets llc's frames do.
//!
//! libdevice's `sinf`/`cosf`/`tanf` slow path (Payne-Hanek reduction) keeps a 7-word array on the stack between a
//! `lifetime.start` and a `lifetime.end`; a kernel calling `sinf(x) / cosf(x)` has two such arrays that are never
//! alive at once. ptxas turns each indexed local array into registers and compare-selects, so two arrays where
//! one would do cost twice the selects and registers (streamPriority's `backward_pass_kernel`: 56 bytes of depot
//! where llc has 28).
//!
//! # Rule
//!
//! An `alloca` of a constant size is *colorable* when it has at least one lifetime marker and every marker names
//! the `alloca` itself. Its *liveness* is a forward dataflow over the blocks: it becomes live at a
//! `lifetime.start` and dead at a `lifetime.end`, and is live on entry to a block when it is live at the end of
//! some predecessor. Inside a block that gives intervals of instruction positions (from the block's start or a
//! `lifetime.start` to a `lifetime.end`, inclusive, or the block's end). Two colorable `alloca`s *conflict* when
//! an interval of one meets an interval of the other in some block (an `end` of one followed by the `start` of
//! the other does not). Colorable `alloca`s are packed greedily, largest first, into slots whose members pairwise do not
//! conflict; a slot is as large and as aligned as its largest member. Every other `alloca` gets a slot of its own.
//!
//! A slot holds at most `stack-coloring-max-share` members (default 2). ptxas promotes an indexed local array to
//! registers (a compare-select chain per access) or leaves it in local memory by its own measure of the array, and
//! a slot that merges many arrays tipped that measure the wrong way: minibude's `fasten_main` has six `sinf`/`cosf`
//! reduction arrays in one loop — 1,097 SASS instructions with one slot for all six, 864 with six slots, 861 with
//! pairs (llc-19: 897) — and mriQ's `ComputeQ_GPU` 807 with one slot, 555 with pairs (llc 817). Over 608
//! HeCBench modules (1,737 kernels), pairs against no limit: 4 kernels shorter, 5 longer (bonds +23, geodesic
//! +6), SASS geomean against llc 0.9066 → 0.9062; three or four members measured worse than no limit on
//! minibude (1,500).
//!
//! The limit is for arrays ptxas might turn into registers. An `alloca` larger than `stack-coloring-large` bytes
//! (default 256: 64 words, more than ptxas promotes; it keeps such arrays in local memory, wherever they lie)
//! shares a slot with any number of other such `alloca`s, as in llc's frames: interval's `test_interval_newton`
//! inlines three 2,056-byte interval stacks one after the other, 4,144 bytes of frame with pairs, 2,056 merged
//! (llc 2,056); less local memory per thread is fewer L1/L2 lines the thread's stack occupies.
//!
//! # Why it is sound
//!
//! Outside its lifetime an object's memory holds no value the program may rely on (LLVM's LangRef: an object is
//! dead before `lifetime.start` and after `lifetime.end`; reading it then yields an undefined value), so the
//! bytes of an object that is dead everywhere the other one is live can be the other's. Liveness as computed
//! covers every point a start can reach without an end in between: any point where an object may be alive.
//!
//! # Cost
//!
//! One pass over the function for the markers, then `O(allocas × blocks)` per dataflow round (allocas are few),
//! and a conflict test per pair of colorable allocas, `O(blocks)` each.

use super::Lower;
use simtc_ir::{Block, ConstData, EntityRef, Function, GlobalRef, Inst, InstKind, Module, ValueDef};

/// One `alloca`'s place in the plan.
struct Candidate {
    inst: Inst,
    size: u64,
    align: u64,
    /// Per block (by index), the instruction-position intervals `[from, to)` in which it is live; empty when not
    /// colorable.
    live: Vec<smallvec::SmallVec<[(u32, u32); 1]>>,
    colorable: bool,
}

impl Lower<'_> {
    /// Plans which constant-size `alloca`s share a depot slot (see the module doc); `lower_alloca` reads the plan
    /// through [`Lower::planned_alloca_offset`].
    pub(crate) fn plan_stack(&mut self) {
        let f = self.f;
        let dfg = &f.dfg;
        let blocks: Vec<Block> = f.layout.blocks().collect();
        let nb = blocks.iter().map(|b| b.index()).max().map_or(0, |m| m + 1);
        let mut cands: Vec<Candidate> = Vec::new();
        let mut index_of: rustc_hash::FxHashMap<simtc_ir::Value, usize> = Default::default();
        for &b in &blocks {
            for i in f.layout.block_insts(b) {
                let Some((size, align)) = self.alloca_layout(i) else { continue };
                let Some(res) = dfg.result(i) else { continue };
                let align = align.max(1);
                index_of.insert(res, cands.len());
                cands.push(Candidate { inst: i, size, align, live: Vec::new(), colorable: false });
            }
        }
        if cands.is_empty() {
            return;
        }
        // Markers per block, in order: (candidate, start?, position in the block). A marker of anything else than
        // an alloca itself makes every alloca uncolorable (which object it concerns is not certain).
        let mut markers: Vec<Vec<(usize, bool, u32)>> = vec![Vec::new(); nb];
        let mut has_marker = vec![false; cands.len()];
        let mut foreign = vec![false; cands.len()];
        if self.stack_coloring {
            for &b in &blocks {
                for (pos, i) in f.layout.block_insts(b).enumerate() {
                    let Some(start) = lifetime_marker(self.m, f, i) else { continue };
                    let Some(&p) = dfg.args(i).get(2) else { continue };
                    match index_of.get(&p) {
                        Some(&k) => {
                            has_marker[k] = true;
                            markers[b.index()].push((k, start, pos as u32));
                        }
                        None => {
                            // A marker on a derived pointer: nothing about which object it ends is certain.
                            for x in foreign.iter_mut() {
                                *x = true;
                            }
                        }
                    }
                }
            }
        }
        let cfg = self.analyses.cfg(f);
        let rpo = cfg.reverse_post_order();
        for (k, c) in cands.iter_mut().enumerate() {
            c.colorable = self.stack_coloring && has_marker[k] && !foreign[k];
            if !c.colorable {
                continue;
            }
            // Forward dataflow: live at the end of each block.
            let mut live_out = vec![false; nb];
            let mut changed = true;
            while changed {
                changed = false;
                for &b in &rpo {
                    let mut live = cfg.preds(b).iter().any(|p| live_out[p.index()]);
                    for &(m, start, _) in &markers[b.index()] {
                        if m == k {
                            live = start;
                        }
                    }
                    if live != live_out[b.index()] {
                        live_out[b.index()] = live;
                        changed = true;
                    }
                }
            }
            // The live intervals inside each block.
            let mut live: Vec<smallvec::SmallVec<[(u32, u32); 1]>> = vec![Default::default(); nb];
            for &b in &rpo {
                let mut open = cfg.preds(b).iter().any(|p| live_out[p.index()]).then_some(0u32);
                for &(m, start, pos) in &markers[b.index()] {
                    if m != k {
                        continue;
                    }
                    match (start, open) {
                        (true, None) => open = Some(pos),
                        (false, Some(from)) => {
                            live[b.index()].push((from, pos + 1));
                            open = None;
                        }
                        _ => {}
                    }
                }
                if let Some(from) = open {
                    live[b.index()].push((from, u32::MAX));
                }
            }
            c.live = live;
        }
        // Greedy packing, largest first; slots in the order they are opened.
        let mut order: Vec<usize> = (0..cands.len()).collect();
        order.sort_by_key(|&k| (!cands[k].colorable, std::cmp::Reverse(cands[k].size), k));
        let mut slots: Vec<(u64, u64, Vec<usize>)> = Vec::new();
        let share_max = self.stack_share_max;
        let large = |k: usize| self.stack_large > 0 && cands[k].size > self.stack_large;
        for &k in &order {
            let c = &cands[k];
            let fits = |members: &Vec<usize>| {
                c.colorable
                    && (share_max == 0 || members.len() < share_max || large(k) && members.iter().all(|&o| large(o)))
                    && members.iter().all(|&o| cands[o].colorable && !overlap(&cands[o].live, &c.live))
            };
            match slots.iter().position(|(_, _, ms)| fits(ms)) {
                Some(s) => {
                    slots[s].0 = slots[s].0.max(c.size);
                    slots[s].1 = slots[s].1.max(c.align);
                    slots[s].2.push(k);
                }
                None => slots.push((c.size, c.align, vec![k])),
            }
        }
        // Only slots that several allocas share are planned; the others keep their place in the order the
        // allocas are lowered (the depot's layout is then unchanged where nothing is shared: ptxas' handling of
        // local arrays depends on their offsets). A shared slot is reserved when its first member is lowered.
        for (size, align, members) in slots {
            if members.len() < 2 {
                continue;
            }
            let id = self.stack_slots.len();
            self.stack_slots.push((size, align, None));
            for k in members {
                self.alloca_slot.insert(cands[k].inst, id);
            }
        }
    }

    /// The depot offset of `alloca` `i` when it shares a planned slot (reserving the slot the first time).
    pub(crate) fn planned_alloca_offset(&mut self, i: Inst) -> Option<u64> {
        let &id = self.alloca_slot.get(&i)?;
        if let (size, align, None) = self.stack_slots[id] {
            let off = self.depot_alloc(size, align);
            self.stack_slots[id].2 = Some(off);
        }
        self.stack_slots[id].2
    }
}

/// `Some(true)` for a call of `llvm.lifetime.start`, `Some(false)` for `llvm.lifetime.end`, `None` otherwise.
pub(super) fn lifetime_marker(m: &Module, f: &Function, i: Inst) -> Option<bool> {
    let dfg = &f.dfg;
    if !matches!(dfg.inst(i).kind, InstKind::Call(_)) {
        return None;
    }
    let &ValueDef::Const(c) = dfg.value_def(*dfg.args(i).first()?) else { return None };
    let ConstData::Global(_, GlobalRef::Func(g)) = m.consts.data(c) else { return None };
    let name = &m.funcs[*g].name;
    if name.starts_with("llvm.lifetime.start") {
        Some(true)
    } else if name.starts_with("llvm.lifetime.end") {
        Some(false)
    } else {
        None
    }
}

/// Whether two objects' live intervals meet in some block.
fn overlap(a: &[smallvec::SmallVec<[(u32, u32); 1]>], b: &[smallvec::SmallVec<[(u32, u32); 1]>]) -> bool {
    a.iter().zip(b).any(|(x, y)| x.iter().any(|&(f1, t1)| y.iter().any(|&(f2, t2)| f1 < t2 && f2 < t1)))
}
