//! `phi-elim`: phi elimination on CSSA and a SIMT-aware copy coalescer (seed 000, the MIR half of CSSA; it
//! replaces [`super::out_of_ssa`] in the default pipeline). Leaves [`Phase::PhiFree`]; under `--verify-each` the
//! symbolic checker ([`super::ssa_check`]) proves the result, given the register [`Assignment`] this pass
//! hands it.
//!
//! # Algorithm
//! 1. **Conventional SSA** (Sreedhar's method I, the MIR image of the IR pass `cssa`): critical edges into
//!    blocks with phis are split; for each phi `d = phi [a_i, P_i]` a fresh `a_i'` is copied from `a_i` at the
//!    end of `P_i` (before its first branch) and a fresh `d'` becomes the phi's destination, followed by
//!    `d = d'` at the top of the block. Each phi web `{d', a_i'}` is then free of interference by
//!    construction, so it is **one register class** (step 2), with no test. An operand defined by `undef`
//!    gets `undef a_i'` instead of a copy: it prints nothing, so that edge writes no register (and an edge
//!    block holding nothing else is removed in step 5).
//! 2. **Phi webs** are merged in a union-find; the phis are later deleted.
//! 3. **Coalescing**: every inserted copy `x = y` (edge copies first, then the copies at block tops) merges the
//!    classes of `x` and `y` unless they interfere (below). Classes above [`MAX_CLASS_PRODUCT`] member pairs
//!    are not merged, which bounds each test by a constant.
//! 4. **Renaming**: every register becomes its class representative; phis and copies that became
//!    `mov r, r` vanish.
//! 5. **Edge blocks**: a split edge whose copies all vanished is removed (its source branches straight to the
//!    target). With `cssa-split-edge-copies` (on by default) remaining copies of a split edge move into the
//!    edge's source block, before its branches, when none of the registers they write is live on any of the
//!    source's other edges (live into that successor, one of its phi operands, or — for another edge block —
//!    live out of it, which covers that edge's own copies if they are sunk too), none is read or written by
//!    the source's instructions from its first branch on, and none of the registers they read is written
//!    there: a loop latch then updates its loop-carried values and branches back itself (a
//!    bottom-tested loop, as llc emits it), with no extra block and jump.
//!
//! # Interference and SIMT (the rule and a proof sketch)
//! **Rule**: two SSA values `u`, `v` may share a register iff neither is live immediately after the
//! definition of the other — except that for a copy `u = mov v`, `v` being live after `u`'s definition does
//! not count (the copy writes the value the register already holds). Liveness is per-thread CFG liveness.
//!
//! **Why per-thread liveness is right under divergence.** A warp that diverges at a branch runs one side with
//! some threads masked off, then the other side with the complementary mask, then reconverges. A PTX `.reg`
//! is *thread-private*, and an instruction executed under a mask writes the registers of the active threads
//! only. Fix a thread `t` and a point `p` where `u` is live. The last write to `u`'s register that `t` observed
//! is the last one executed *by `t`*: the instructions run for other threads while `t` was masked (the other
//! side of a divergent branch) did not touch `t`'s copy of the register. So what `t` reads at `p` depends only
//! on `t`'s own path through the CFG, and on that path the classical SSA argument applies: if some
//! definition of `v` lay between `u`'s definition and `p` on `t`'s path, `u` would be live just after that
//! definition, which the rule excludes. (Strict SSA: the definition of a value dominates its uses, so live
//! ranges meet only at such a definition.) The serialization of the two sides is therefore invisible to the
//! per-thread register state, and "a value live on one side is live across the other side of a divergent
//! region" is *not* needed for `.reg` registers; it would be needed for storage shared by the warp (e.g.
//! uniform registers of a machine that writes them regardless of the mask), which PTX does not expose.
//!
//! **Where SIMT does matter**, and what this pass does about it:
//! - *Copy placement.* A phi copy must run only for the threads that take its edge. This is why the copies
//!   are at the end of the predecessor (before its branch, seed 000's "terminator anchor") and critical edges
//!   are split: a copy in the merge block would run after reconvergence for every thread, and a copy before
//!   a divergent branch runs for threads going either way. The `phi-elim-naive` knob does exactly the wrong
//!   thing (one register per phi web with no test, i.e. no CSSA), and the emulator tests show the lost-copy,
//!   swap and divergent-loop kernels it breaks.
//! - *Sinking edge copies* (step 5) is allowed only when the copies' destinations are dead on the other
//!   edges, because the threads leaving on those edges execute the copies too. "Dead on the other edges" is
//!   per edge: a register live on both the sunk edge and another one (the value a swap of loop phis reads on
//!   the back edge and on the exit edge) blocks the sinking. (Subtracting the sunk edge's live-in set from
//!   the source's live-out set, as the first version did, lost exactly those registers: fuzz-diff seed 13.) Under a **uniform** branch
//!   (`MFunction::divergent_blocks` false for the source) every thread of the warp takes the same edge, so a
//!   copy sunk into the source costs the threads of the other edge one instruction; under a **divergent**
//!   branch the warp runs the edge block anyway, so sinking saves the jump for free. We therefore sink at a
//!   divergent source whenever it is legal, and at a uniform source only on loop back edges (the hot edge).
//!
//! # Knobs
//! - `usedessa` (seed 000): `2` (default) this pass; `1` the pre-CSSA destruction (`out-of-ssa`: split
//!   edges, sequentialized parallel copies, no coalescing).
//! - `phi-elim-naive`: unconditional coalescing of every phi web, no copies, no checker (wrong on purpose).
//! - `cssa-split-edge-copies`, `cssa-cross-block-copies` (seed 000's "Coalesce copies on split edges /
//!   that span blocks (default=subtarget)"): `subtarget` means on for every target simtc supports (all have
//!   PTX's virtual, thread-private registers, so removing a copy never costs correctness; ptxas re-allocates).
//!   `off` keeps split-edge copies in their edge block / never coalesces a copy whose source is defined in
//!   another block.
//!
//! Cost: liveness is computed per value by walking up from its uses (linear in the total size of the live
//! ranges) into per-block sorted register lists; each coalescing test is bounded by [`MAX_CLASS_PRODUCT`]
//! binary searches in those short lists, and usually costs far less: it only tests the pairs that can
//! interfere at all, found through where each member is defined and live (`ClassIndex`), whenever those
//! lists are shorter than `|class1| × |class2|` (a loop web joining a chain of 1000 earlier loop webs: a few
//! dozen tests instead of thousands); everything else is linear in the function's size. Measured by
//! `cargo run --release -p simtc-codegen --example cssa_scaling` (four shapes at 10k / 100k phis, table in
//! `doc/cssa.md`).

use super::ssa_check::Assignment;
use super::MirContext;
#[cfg(doc)]
use crate::mir::Phase;
use crate::mir::{MBlock, MFunction, MInst, OpKind, Opcode, Operand, Reg};
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_opt::{KnobDef, KnobKind, KnobValue};
use smallvec::SmallVec;

/// The knob that selects the naive, wrong-on-purpose phi elimination.
pub const NAIVE_KNOB: &str = "phi-elim-naive";

/// The largest `|class1| × |class2|` a coalescing test examines (keeps the pass linear).
pub const MAX_CLASS_PRODUCT: usize = 4096;

/// Knobs of this pass.
pub const KNOBS: &[KnobDef] = &[
    KnobDef {
        name: "usedessa",
        kind: KnobKind::Int { min: 1, max: 2 },
        default: "2",
        seed: "seed 000",
        doc: "phi elimination: 2 = CSSA webs + SIMT-aware coalescing (phi-elim), 1 = plain out-of-ssa copies",
    },
    KnobDef {
        name: NAIVE_KNOB,
        kind: KnobKind::Bool,
        default: "false",
        seed: "simtc",
        doc: "naive phi elimination (one register per phi web, no interference test): wrong on purpose, for tests",
    },
    KnobDef {
        name: "cssa-split-edge-copies",
        kind: KnobKind::Enum(&["subtarget", "on", "off"]),
        default: "subtarget",
        seed: "seed 000",
        doc: "coalesce copies on split edges into the edge's source block (subtarget: on for every target)",
    },
    KnobDef {
        name: "cssa-cross-block-copies",
        kind: KnobKind::Enum(&["subtarget", "on", "off"]),
        default: "subtarget",
        seed: "seed 000",
        doc: "coalesce copies whose source is defined in another block (subtarget: on for every target)",
    },
];

fn knob(cx: &MirContext<'_>, name: &str) -> KnobValue {
    match cx.knobs.registry().lookup(name) {
        Some(_) => cx.knobs.get(name),
        None => KNOBS.iter().find(|k| k.name == name).expect("own knob").default_value(),
    }
}

fn on(cx: &MirContext<'_>, name: &str) -> bool {
    match knob(cx, name) {
        KnobValue::Bool(b) => b,
        KnobValue::Word(w) => w != "off",
        KnobValue::Int(v) => v != 0,
    }
}

/// Runs phi elimination; returns whether there was a phi.
pub fn run(f: &mut MFunction, cx: &MirContext<'_>) -> Result<bool, String> {
    if !f.blocks.iter().any(|b| b.insts.first().is_some_and(MInst::is_phi)) {
        return Ok(false);
    }
    if knob(cx, "usedessa") == KnobValue::Int(1) {
        return Ok(super::out_of_ssa::run(f));
    }
    if on(cx, NAIVE_KNOB) {
        naive(f);
        return Ok(true);
    }
    coalesce(f, on(cx, "cssa-split-edge-copies"), on(cx, "cssa-cross-block-copies"))?;
    Ok(true)
}

/// Union-find over registers with member lists (a singleton class keeps its member inline: one allocation per
/// merged class instead of one per register).
struct Classes {
    parent: Vec<u32>,
    members: Vec<SmallVec<[Reg; 1]>>,
}

impl Classes {
    fn new(n: usize) -> Classes {
        Classes {
            parent: (0..n as u32).collect(),
            members: (0..n as u32).map(|r| smallvec::smallvec![Reg(r)]).collect(),
        }
    }
    fn find(&mut self, r: Reg) -> Reg {
        let mut x = r.0;
        while self.parent[x as usize] != x {
            let p = self.parent[x as usize];
            self.parent[x as usize] = self.parent[p as usize];
            x = p;
        }
        Reg(x)
    }
    fn union(&mut self, a: Reg, b: Reg) -> Reg {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return a;
        }
        let (big, small) =
            if self.members[a.0 as usize].len() >= self.members[b.0 as usize].len() { (a, b) } else { (b, a) };
        self.parent[small.0 as usize] = big.0;
        let moved = std::mem::take(&mut self.members[small.0 as usize]);
        self.members[big.0 as usize].extend(moved);
        big
    }
}

const NO_DEF: (u32, u32) = (u32::MAX, u32::MAX);

/// Per-thread liveness and definition points of the CSSA function.
///
/// Every per-block set is a vector sorted by register (built that way: registers are processed in increasing
/// order), so a membership test is a binary search in a small, cache-resident vector; hash sets keyed by
/// `(block, register)` grew to millions of entries on 100k-phi functions and made the pass memory-bound.
struct Live {
    /// `(block, position)`: phis at position 0, the instruction at index `k` at `k + 1`.
    def: Vec<(u32, u32)>,
    /// Registers live out of each block, sorted.
    live_out_list: Vec<Vec<Reg>>,
    /// Registers live into each block, sorted.
    live_in_list: Vec<Vec<Reg>>,
    /// Per predecessor block: `(successor, register)` for every phi operand read on that edge.
    phi_out: Vec<Vec<(u32, Reg)>>,
    /// Per block: `(register, last non-phi use position)`, sorted by register.
    last_use: Vec<Vec<(Reg, u32)>>,
    /// `u -> v` for every plain copy `u = mov v`.
    copy_src: FxHashMap<Reg, Reg>,
    /// Per block: the registers defined in it (phis included).
    defs_in: Vec<Vec<Reg>>,
    /// Per register `r`: the blocks it is live into (the transpose of `live_in_list`), at
    /// `live_blocks[live_block_start[r]..live_block_start[r + 1]]`.
    live_blocks: Vec<u32>,
    live_block_start: Vec<u32>,
}

impl Live {
    fn compute(f: &MFunction) -> Live {
        let n = f.regs.len();
        let nb = f.blocks.len();
        let preds = f.preds();
        let mut def = vec![NO_DEF; n];
        let mut defs_in: Vec<Vec<Reg>> = vec![Vec::new(); nb];
        let mut last_use: Vec<Vec<(Reg, u32)>> = vec![Vec::new(); nb];
        let mut copy_src = FxHashMap::default();
        // (register, block, at the block's exit): where the register must be live-in, or live-out for a phi
        // operand.
        let mut uses: Vec<(Reg, u32, bool)> = Vec::new();
        let mut phi_out: Vec<Vec<(u32, Reg)>> = vec![Vec::new(); nb];
        for &b in &f.order {
            for (k, i) in f.block(b).insts.iter().enumerate() {
                let pos = if i.is_phi() { 0 } else { k as u32 + 1 };
                for r in i.defs() {
                    def[r.0 as usize] = (b.0, pos);
                    defs_in[b.0 as usize].push(r);
                }
                if i.is_phi() {
                    for (s, p) in i.srcs.iter().zip(&i.phi_blocks) {
                        if let Some(r) = s.reg() {
                            uses.push((r, p.0, true));
                            phi_out[p.0 as usize].push((b.0, r));
                        }
                    }
                } else {
                    for r in i.uses() {
                        uses.push((r, b.0, false));
                        last_use[b.0 as usize].push((r, pos));
                    }
                    if i.is_copy() {
                        if let (Some(d), Some(s)) = (i.dsts[0].reg(), i.srcs[0].reg()) {
                            copy_src.insert(d, s);
                        }
                    }
                }
            }
        }
        for l in &mut last_use {
            // Keep the largest position per register.
            l.sort_unstable_by_key(|&(r, p)| (r.0, std::cmp::Reverse(p)));
            l.dedup_by_key(|e| e.0);
        }
        // One register at a time (uses grouped by sorting on the register): a per-block stamp of the
        // register last marked replaces a set, and every list receives registers in increasing order.
        uses.sort_unstable_by_key(|u| u.0 .0);
        const NONE: u32 = u32::MAX;
        let mut in_stamp = vec![NONE; nb];
        let mut out_stamp = vec![NONE; nb];
        let mut live_out_list: Vec<Vec<Reg>> = vec![Vec::new(); nb];
        let mut live_in_list: Vec<Vec<Reg>> = vec![Vec::new(); nb];
        let mut stack: Vec<u32> = Vec::new();
        let mut mark_out = |b: u32, r: Reg, out_stamp: &mut [u32]| {
            if out_stamp[b as usize] != r.0 {
                out_stamp[b as usize] = r.0;
                live_out_list[b as usize].push(r);
            }
        };
        for &(r, b, at_exit) in &uses {
            let db = def[r.0 as usize].0;
            if at_exit {
                mark_out(b, r, &mut out_stamp);
            }
            if b == db {
                continue;
            }
            stack.push(b);
            while let Some(x) = stack.pop() {
                if in_stamp[x as usize] == r.0 {
                    continue;
                }
                in_stamp[x as usize] = r.0;
                live_in_list[x as usize].push(r);
                for p in &preds[x as usize] {
                    mark_out(p.0, r, &mut out_stamp);
                    if p.0 != db {
                        stack.push(p.0);
                    }
                }
            }
        }
        // The transpose, as one flat array (one allocation rather than one per register).
        let mut live_block_start = vec![0u32; n + 1];
        for r in live_in_list.iter().flatten() {
            live_block_start[r.0 as usize + 1] += 1;
        }
        for k in 0..n {
            live_block_start[k + 1] += live_block_start[k];
        }
        let mut fill = live_block_start.clone();
        let mut live_blocks = vec![0u32; live_block_start[n] as usize];
        for (b, list) in live_in_list.iter().enumerate() {
            for r in list {
                live_blocks[fill[r.0 as usize] as usize] = b as u32;
                fill[r.0 as usize] += 1;
            }
        }
        Live { def, live_out_list, live_in_list, phi_out, last_use, copy_src, defs_in, live_blocks, live_block_start }
    }

    /// The blocks `x` is live into.
    fn live_blocks(&self, x: Reg) -> &[u32] {
        let k = x.0 as usize;
        &self.live_blocks[self.live_block_start[k] as usize..self.live_block_start[k + 1] as usize]
    }

    fn live_in(&self, b: u32, x: Reg) -> bool {
        self.live_in_list[b as usize].binary_search(&x).is_ok()
    }

    fn live_out(&self, b: u32, x: Reg) -> bool {
        self.live_out_list[b as usize].binary_search(&x).is_ok()
    }

    fn last_use(&self, b: u32, x: Reg) -> Option<u32> {
        let l = &self.last_use[b as usize];
        l.binary_search_by_key(&x.0, |e| e.0 .0).ok().map(|k| l[k].1)
    }

    /// Whether `x` is live just after the point `(b, i)`.
    fn live_after(&self, x: Reg, (b, i): (u32, u32)) -> bool {
        let (db, dp) = self.def[x.0 as usize];
        let avail = if db == b { dp < i || (dp == 0 && i == 0) } else { self.live_in(b, x) };
        avail && (self.live_out(b, x) || self.last_use(b, x).is_some_and(|u| u > i))
    }

    fn interfere(&self, u: Reg, v: Reg) -> bool {
        if u == v {
            return false;
        }
        let (du, dv) = (self.def[u.0 as usize], self.def[v.0 as usize]);
        if du == NO_DEF || dv == NO_DEF || du == dv {
            return true;
        }
        let u_copies_v = self.copy_src.get(&u) == Some(&v);
        let v_copies_u = self.copy_src.get(&v) == Some(&u);
        (!u_copies_v && self.live_after(v, du)) || (!v_copies_u && self.live_after(u, dv))
    }
}

/// Where each class's members are defined, for the class interference test: `(class root, block)` → the members
/// defined in that block, and which classes hold a register with no definition. Kept up to date under union by
/// moving the smaller class's entries (O(n log n) in all). Built on the first test that uses it (a function
/// whose classes stay small never pays for it).
#[derive(Default)]
struct ClassIndex {
    built: bool,
    defs: FxHashMap<(Reg, u32), SmallVec<[Reg; 2]>>,
    undefined: FxHashSet<Reg>,
}

impl ClassIndex {
    fn build(&mut self, live: &Live, cl: &mut Classes) {
        self.built = true;
        for r in 0..cl.parent.len() as u32 {
            let root = cl.find(Reg(r));
            match live.def[r as usize] {
                NO_DEF => {
                    self.undefined.insert(root);
                }
                (b, _) => self.defs.entry((root, b)).or_default().push(Reg(r)),
            }
        }
    }

    /// Records that `gone`, a class of `n` members, was merged into `root` ([`Classes::union`] appends them).
    fn merged(&mut self, live: &Live, cl: &Classes, root: Reg, gone: Reg, n: usize) {
        if !self.built {
            return;
        }
        if self.undefined.remove(&gone) {
            self.undefined.insert(root);
        }
        let members = &cl.members[root.0 as usize];
        for &m in &members[members.len() - n..] {
            let b = live.def[m.0 as usize].0;
            if let Some(list) = self.defs.remove(&(gone, b)) {
                self.defs.entry((root, b)).or_default().extend(list);
            }
        }
    }

    /// Whether some member of class `big` interferes with some member of class `small` ([`Live::interfere`]).
    /// Either every pair is tested, or — when cheaper — only the pairs that can interfere at all: `(u, v)`
    /// interfere only if one is available where the other is defined, i.e. `u` is defined in `v`'s block or
    /// live into it (`defs_in`, `live_in_list` of that block), or `u` is defined in a block `v` is live into
    /// (this index). Both ways give the same answer; the second costs the sizes of those lists instead of
    /// `|big| × |small|` (a loop-carried web joining a long chain of loop webs: a few dozen tests, not
    /// thousands).
    fn classes_interfere(&mut self, live: &Live, cl: &mut Classes, big: Reg, small: Reg) -> bool {
        let vs: SmallVec<[Reg; 8]> = cl.members[small.0 as usize].iter().copied().collect();
        let all_pairs = cl.members[big.0 as usize].len() * vs.len();
        let mut focused = 0;
        for &v in &vs {
            let b = live.def[v.0 as usize].0 as usize;
            focused += live.defs_in[b].len() + live.live_in_list[b].len() + live.live_blocks(v).len();
        }
        let every_pair = |cl: &Classes| {
            let us = &cl.members[big.0 as usize];
            us.iter().any(|&u| vs.iter().any(|&v| live.interfere(u, v)))
        };
        if focused >= all_pairs && !cfg!(debug_assertions) {
            return every_pair(cl);
        }
        if !self.built {
            self.build(live, cl);
        }
        // Debug builds run both tests on every merge (the whole test suite cross-checks the focused search).
        let (found, other) = if focused >= all_pairs {
            (every_pair(cl), cfg!(debug_assertions).then(|| self.focused_interfere(live, cl, big, &vs)))
        } else {
            (self.focused_interfere(live, cl, big, &vs), cfg!(debug_assertions).then(|| every_pair(cl)))
        };
        debug_assert!(other.is_none_or(|o| o == found), "focused class interference test disagrees with the full one");
        found
    }

    /// The focused half of [`Self::classes_interfere`]: the pairs `(u, v)`, `v` in `vs`, `u` in class `big`,
    /// where one is available at the other's definition.
    fn focused_interfere(&self, live: &Live, cl: &mut Classes, big: Reg, vs: &[Reg]) -> bool {
        // A register without a definition interferes with everything (`Live::interfere`).
        if self.undefined.contains(&big) || vs.iter().any(|v| live.def[v.0 as usize] == NO_DEF) {
            return true;
        }
        for &v in vs {
            let b = live.def[v.0 as usize].0 as usize;
            for &u in live.defs_in[b].iter().chain(&live.live_in_list[b]) {
                if cl.find(u) == big && live.interfere(u, v) {
                    return true;
                }
            }
            for &lb in live.live_blocks(v) {
                if let Some(us) = self.defs.get(&(big, lb)) {
                    if us.iter().any(|&u| live.interfere(u, v)) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

fn coalesce(f: &mut MFunction, sink_edge_copies: bool, cross_block: bool) -> Result<(), String> {
    let n_ssa = f.regs.len();
    let split = super::out_of_ssa::split_critical_edges(f);
    let preds = f.preds();
    let undef = f.undef_regs();
    // Step 1: CSSA.
    let mut cands: Vec<(Reg, Reg)> = Vec::new();
    let mut top_cands: Vec<(Reg, Reg)> = Vec::new();
    let mut webs: Vec<Reg> = Vec::new(); // (d', a_i') pairs flattened per phi: d' first, then a_i'
    let mut web_ends: Vec<usize> = Vec::new();
    let mut phi_home: Vec<(Reg, Reg)> = Vec::new();
    for b in f.order.clone() {
        let n_phis = f.block(b).insts.iter().take_while(|i| i.is_phi()).count();
        if n_phis == 0 {
            continue;
        }
        let mut edge: FxHashMap<MBlock, Vec<MInst>> = FxHashMap::default();
        let mut top = Vec::with_capacity(n_phis);
        for k in 0..n_phis {
            let phi = f.block(b).insts[k].clone();
            let Some(d) = phi.dsts[0].reg() else { continue };
            let c = f.class(d);
            let d2 = f.new_reg(c);
            webs.push(d2);
            let mut new_srcs: SmallVec<[Operand; 3]> = SmallVec::new();
            for (s, p) in phi.srcs.iter().zip(&phi.phi_blocks) {
                let a2 = f.new_reg(c);
                webs.push(a2);
                match s.reg() {
                    // An `undef` operand: `a_i'` is itself `undef` (no copy; it prints nothing).
                    Some(ar) if undef[ar.0 as usize] => {
                        let u = MInst::new(Opcode::new(OpKind::Undef, &[c.mov_mod()]), &[Operand::Reg(a2)], &[]);
                        edge.entry(*p).or_default().push(u);
                    }
                    Some(ar) => {
                        edge.entry(*p).or_default().push(MInst::copy(c, a2, s.clone()));
                        cands.push((a2, ar));
                    }
                    None => edge.entry(*p).or_default().push(MInst::copy(c, a2, s.clone())),
                }
                new_srcs.push(Operand::Reg(a2));
            }
            web_ends.push(webs.len());
            let i = &mut f.block_mut(b).insts[k];
            i.dsts[0] = Operand::Reg(d2);
            i.srcs = new_srcs;
            top.push(MInst::copy(c, d, Operand::Reg(d2)));
            top_cands.push((d, d2));
            phi_home.push((d, d2));
        }
        f.block_mut(b).insts.splice(n_phis..n_phis, top);
        for p in &preds[b.0 as usize] {
            if let Some(seq) = edge.remove(p) {
                super::out_of_ssa::insert_before_branches(f, *p, seq);
            }
        }
    }
    cands.extend(top_cands);
    // Step 2: phi webs.
    let mut cl = Classes::new(f.regs.len());
    let mut start = 0;
    for &end in &web_ends {
        for k in start + 1..end {
            cl.union(webs[start], webs[k]);
        }
        start = end;
    }
    // Step 3: coalescing.
    let live = Live::compute(f);
    let mut index = ClassIndex::default();
    for (x, y) in cands {
        if f.class(x) != f.class(y) {
            continue;
        }
        if !cross_block && live.def[x.0 as usize].0 != live.def[y.0 as usize].0 {
            continue;
        }
        let (rx, ry) = (cl.find(x), cl.find(y));
        if rx == ry {
            continue;
        }
        let (nx, ny) = (cl.members[rx.0 as usize].len(), cl.members[ry.0 as usize].len());
        if nx * ny > MAX_CLASS_PRODUCT {
            continue;
        }
        let (big, small) = if nx >= ny { (rx, ry) } else { (ry, rx) };
        if index.classes_interfere(&live, &mut cl, big, small) {
            continue;
        }
        let root = cl.union(rx, ry);
        debug_assert_eq!(root, big, "union keeps the larger class's root");
        index.merged(&live, &cl, root, small, nx.min(ny));
    }
    // Step 4: renaming.
    let n = f.regs.len();
    let root: Vec<Reg> = (0..n as u32).map(|r| cl.find(Reg(r))).collect();
    let mut uniform = vec![true; n];
    for r in 0..n {
        let u = f.uniform.get(r).copied().unwrap_or(false);
        uniform[root[r].0 as usize] &= u;
    }
    for (r, u) in uniform.iter().enumerate() {
        if root[r].0 as usize == r {
            if let Some(x) = f.uniform.get_mut(r) {
                *x = *u;
            }
        }
    }
    let mut map = |r: Reg| root[r.0 as usize];
    let mut split_web = None;
    for &b in &f.order {
        // In place: phis (their webs now one register) and copies within one register go.
        f.blocks[b.0 as usize].insts.retain_mut(|i| {
            i.dsts.iter_mut().for_each(|o| o.map_regs(&mut map));
            i.srcs.iter_mut().for_each(|o| o.map_regs(&mut map));
            if let Some((g, _)) = &mut i.guard {
                *g = map(*g);
            }
            if i.is_phi() {
                let d = i.dsts[0].reg();
                if i.srcs.iter().any(|s| s.reg() != d) {
                    split_web.get_or_insert(d);
                }
                return false;
            }
            !(i.is_copy() && i.dsts[0].reg() == i.srcs[0].reg())
        });
        if let Some(d) = split_web {
            return Err(format!("internal: phi web of {:?} split by coalescing", d));
        }
    }
    // Step 5: edge blocks.
    let mut removed: FxHashSet<MBlock> = FxHashSet::default();
    let dom_back = back_edge_targets(f);
    let edge_blocks: FxHashSet<MBlock> = split.iter().map(|e| e.0).collect();
    let succs0 = f.successor_lists();
    let mut on_edges: FxHashMap<MBlock, EdgeLive> = FxHashMap::default();
    for (nb, src, dst) in split {
        // `undef` definitions on an edge only stand for "no copy": the edge does not need its block for them.
        f.block_mut(nb).insts.retain(|i| !i.is_undef());
        let insts = &f.block(nb).insts;
        let copies = insts.len() - 1;
        if copies > 0 {
            let back = dom_back.contains(&(src, dst));
            if !sink_edge_copies || (!f.is_divergent_block(src) && !back) {
                continue;
            }
            // The sunk copies run for the threads of every edge out of `src`: what they write must be dead on
            // all the others (the registers live into those successors, their phi operands, and for an edge
            // block also what it leaves live for its target, i.e. its own copies once they are sunk too).
            let el = on_edges
                .entry(src)
                .or_insert_with(|| EdgeLive::compute(&live, &root, src, &succs0[src.0 as usize], &edge_blocks));
            let at = branch_pos(f, src);
            let tail_defs: FxHashSet<Reg> = f.block(src).insts[at..].iter().flat_map(|i| i.defs()).collect();
            let tail_uses: FxHashSet<Reg> = f.block(src).insts[at..].iter().flat_map(|i| i.uses()).collect();
            let safe = insts[..copies].iter().all(|i| {
                i.defs().iter().all(|d| !el.live_elsewhere(nb, *d) && !tail_uses.contains(d) && !tail_defs.contains(d))
                    && i.uses().iter().all(|u| !tail_defs.contains(u))
            });
            if !safe {
                continue;
            }
            let seq: Vec<MInst> = f.block(nb).insts[..copies].to_vec();
            super::out_of_ssa::insert_before_branches(f, src, seq);
        }
        f.retarget_branches(src, nb, dst);
        removed.insert(nb);
    }
    f.order.retain(|b| !removed.contains(b));
    bottom_test_loops(f);
    let reg: Vec<Reg> = root[..n_ssa].to_vec();
    let phi_home = phi_home.into_iter().map(|(d, d2)| (d, root[d2.0 as usize])).collect();
    f.destruction = Some(Box::new(Assignment { reg, phi_home }));
    Ok(())
}

/// The registers (class representatives) live on each edge out of one block of the CSSA function.
struct EdgeLive {
    per_edge: Vec<(MBlock, FxHashSet<Reg>)>,
    index: FxHashMap<u32, usize>,
    /// On how many of the block's edges each register is live.
    count: FxHashMap<Reg, u32>,
}

impl EdgeLive {
    fn compute(live: &Live, root: &[Reg], src: MBlock, succs: &[MBlock], edge_blocks: &FxHashSet<MBlock>) -> EdgeLive {
        let mut per_edge: Vec<(MBlock, FxHashSet<Reg>)> = Vec::with_capacity(succs.len());
        let mut index: FxHashMap<u32, usize> = FxHashMap::default();
        for &s in succs {
            index.insert(s.0, per_edge.len());
            let mut set: FxHashSet<Reg> = live.live_in_list[s.0 as usize].iter().map(|r| root[r.0 as usize]).collect();
            if edge_blocks.contains(&s) {
                set.extend(live.live_out_list[s.0 as usize].iter().map(|r| root[r.0 as usize]));
            }
            per_edge.push((s, set));
        }
        for &(s, r) in &live.phi_out[src.0 as usize] {
            if let Some(&k) = index.get(&s) {
                per_edge[k].1.insert(root[r.0 as usize]);
            }
        }
        let mut count: FxHashMap<Reg, u32> = FxHashMap::default();
        for (_, set) in &per_edge {
            for r in set {
                *count.entry(*r).or_default() += 1;
            }
        }
        EdgeLive { per_edge, index, count }
    }

    /// Whether `r` is live on an edge out of the block other than the one to `s`.
    fn live_elsewhere(&self, s: MBlock, r: Reg) -> bool {
        let own = self.index.get(&s.0).is_some_and(|&k| self.per_edge[k].1.contains(&r));
        self.count.get(&r).copied().unwrap_or(0) > u32::from(own)
    }
}

/// Loop layout: a latch ending in `@p bra X; bra.uni H` with `H` earlier in the layout (the back edge) and
/// `X` its sole-predecessor exit gets `X` placed right after it, so that `branch-fold` makes the latch one
/// `@!p bra H` falling into the exit: a bottom-tested loop. Phi-free blocks end in explicit branches, so
/// moving a block changes no edge.
fn bottom_test_loops(f: &mut MFunction) {
    let preds = f.preds();
    let pos: FxHashMap<MBlock, usize> = f.order.iter().enumerate().map(|(k, b)| (*b, k)).collect();
    let mut after: FxHashMap<MBlock, MBlock> = FxHashMap::default();
    let mut moved: FxHashSet<MBlock> = FxHashSet::default();
    for (k, &l) in f.order.iter().enumerate() {
        let insts = &f.block(l).insts;
        let len = insts.len();
        if len < 2 {
            continue;
        }
        let (c, j) = (&insts[len - 2], &insts[len - 1]);
        if let (Some(Operand::Label(x)), Some(Operand::Label(h))) = (c.srcs.first(), j.srcs.first()) {
            if c.guard.is_some()
                && c.kind() == crate::mir::OpKind::Bra
                && j.is_terminator()
                && j.kind() == crate::mir::OpKind::Bra
                && pos.get(h).is_some_and(|&ph| ph <= k)
                && preds[x.0 as usize].len() == 1
                && *x != l
                && pos.get(x).is_some_and(|&px| px != k + 1 && px != 0)
            {
                after.insert(l, *x);
                moved.insert(*x);
            }
        }
    }
    if after.is_empty() {
        return;
    }
    let mut order = Vec::with_capacity(f.order.len());
    for &b in &f.order {
        if moved.contains(&b) {
            continue;
        }
        let mut cur = Some(b);
        while let Some(c) = cur {
            order.push(c);
            cur = after.get(&c).copied().filter(|x| !order.contains(x) || order.len() > f.order.len());
        }
    }
    // A chain that closes on itself would lose its blocks: keep the layout then.
    if order.len() == f.order.len() {
        f.order = order;
    }
}

/// Index of the first branch or terminator of `b`.
fn branch_pos(f: &MFunction, b: MBlock) -> usize {
    let insts = &f.block(b).insts;
    insts.iter().position(|i| i.is_branch() || i.is_terminator()).unwrap_or(insts.len())
}

/// Edges `(a, b)` (through a split block) where `b` dominates `a`: loop back edges.
fn back_edge_targets(f: &MFunction) -> FxHashSet<(MBlock, MBlock)> {
    let dt = crate::mir::graph::dominators(f);
    let mut out = FxHashSet::default();
    for &b in &f.order {
        for s in f.succs(b) {
            for t in f.succs(s) {
                if dt.dominates(t.0, b.0) {
                    out.insert((b, t));
                }
            }
        }
    }
    out
}

/// Unconditional coalescing of every phi web: the register of each phi's destination receives its operands
/// directly (immediates by a copy at the end of the predecessor). No CSSA, no interference test: this is the
/// lost-copy and swap bug on purpose.
fn naive(f: &mut MFunction) {
    let mut cl = Classes::new(f.regs.len());
    let mut imm: Vec<(MBlock, Reg, Operand)> = Vec::new();
    for &b in &f.order {
        for i in f.block(b).insts.iter().take_while(|i| i.is_phi()) {
            let Some(d) = i.dsts[0].reg() else { continue };
            for (s, p) in i.srcs.iter().zip(&i.phi_blocks) {
                match s.reg() {
                    Some(r) if f.class(r) == f.class(d) => {
                        cl.union(d, r);
                    }
                    _ => imm.push((*p, d, s.clone())),
                }
            }
        }
    }
    let n = f.regs.len();
    let root: Vec<Reg> = (0..n as u32).map(|r| cl.find(Reg(r))).collect();
    let mut map = |r: Reg| root[r.0 as usize];
    for b in f.order.clone() {
        let insts = std::mem::take(&mut f.block_mut(b).insts);
        let mut out = Vec::with_capacity(insts.len());
        for mut i in insts.into_iter().filter(|i| !i.is_phi()) {
            i.dsts.iter_mut().for_each(|o| o.map_regs(&mut map));
            i.srcs.iter_mut().for_each(|o| o.map_regs(&mut map));
            if let Some((g, _)) = &mut i.guard {
                *g = map(*g);
            }
            if i.is_copy() && i.dsts[0].reg() == i.srcs[0].reg() {
                continue;
            }
            out.push(i);
        }
        f.block_mut(b).insts = out;
    }
    for (p, d, s) in imm {
        let d = root[d.0 as usize];
        let mut s = s;
        s.map_regs(&mut map);
        let c = MInst::copy(f.class(d), d, s);
        super::out_of_ssa::insert_before_branches(f, p, vec![c]);
    }
}
