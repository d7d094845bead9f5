//! Code generation for melding two isomorphic sides (seed 001, Algorithm 2), block pair by block pair.
//!
//! Input: a [`Region`] whose sides map block to block (`pairs`, topological order). For each pair `(a, b)` one
//! melded block is created; its code is the instruction alignment of `a` and `b` ([`super::alignment`]):
//! - an aligned pair is cloned **once**; where the two operands differ (after mapping each side's values to the
//!   melded ones) the operand is `select c, x_then, x_else` on the divergent condition `c`, one select per
//!   distinct operand pair and block (cached); flags are the intersection of both sides';
//! - unaligned runs are **unpredicated** ([`super::unpredication`]): moved into a block guarded by `c` (or `!c`),
//!   with a phi (`undef` on the skipping edge) for each result used later;
//! - phis of mapped blocks are **melded** pairwise when their types agree (the artifact cannot meld phis), each
//!   incoming value a select placed at the end of the melded predecessor; an unpaired phi keeps its own side's
//!   values (the other side never reads it);
//! - terminators: mapped `br`s become one `br`; mapped `br c1`/`br c2` become `br (select c, c1, c2)` to the mapped
//!   successors; an edge into the exit `E` becomes one melded edge, and each phi of `E` gets one entry for it,
//!   `select c, v_then, v_else` — Algorithm 2's `merged.branch.split` blocks are not needed because an isomorphic
//!   pair of exit edges always leads to the same `E`;
//! - the branch block now jumps to the melded head; the original side blocks are deleted, except a shared head
//!   (detection's module doc), which keeps its code, its other predecessors and its entries in the exit's phis.
//!
//! Post-processing (single-entry phis, `br c, X, X`, straight-line merges) is left to `simplifycfg`, which the
//! driver runs after every round.
//!
//! Semantics kept: a thread with `c` true executes exactly the `then` side's operations in their order (aligned
//! clones with the `then` operands selected, guarded `then` runs), and the `else` side's guarded runs are skipped;
//! symmetrically for `c` false. Memory operations keep their order within each side because alignments are
//! monotone. Convergent operations never reach this point (detection refuses such regions).

use super::alignment::{self, Step};
use super::cost;
use super::detection::Region;
use rustc_hash::FxHashMap;
use simtc_ir::*;

/// What one meld did (for `darm-report` and statistics).
#[derive(Clone, Debug, Default)]
pub struct MeldStats {
    /// Aligned instruction pairs cloned once.
    pub aligned: usize,
    /// Instructions left unaligned (guarded or speculated).
    pub unaligned: usize,
    /// Guarded blocks created by unpredication.
    pub guards: usize,
    /// Selects inserted.
    pub selects: usize,
    /// Phi pairs melded.
    pub phis_melded: usize,
    /// Unaligned stores fully predicated (load, select, store) instead of guarded.
    pub stores_predicated: usize,
}

/// Options of the code generator.
#[derive(Copy, Clone, Debug)]
pub struct Options {
    /// Gap penalty of the instruction alignment.
    pub gap: i64,
    /// Speculate unaligned instructions that are safe to execute on both sides instead of guarding them.
    pub full_predication: bool,
}

/// Warp instructions a guard costs besides its run (compare/branch, the branch into the join, reconvergence).
pub(super) const GUARD_OVERHEAD: usize = 3;

pub(super) struct Melder<'a> {
    pub(super) func: &'a mut Function,
    pub(super) consts: &'a mut ConstPool,
    pub(super) cond: Value,
    pub(super) map_a: FxHashMap<Value, Value>,
    pub(super) map_b: FxHashMap<Value, Value>,
    sel_cache: FxHashMap<(Value, Value), Value>,
    pub(super) stats: MeldStats,
    pub(super) spec_callees: rustc_hash::FxHashSet<Value>,
}

/// Whether `a` and `b` may become one instruction (issue 10 §4): same opcode and payload (predicate, memory
/// flags — volatility, alignment, ordering, scope —, GEP source type, callee signature), operand count and types,
/// same result type, the same callee; never phis, terminators, allocas. Operands that must stay constants (struct
/// indices of a GEP, intrinsic immediates) must already be equal.
pub fn compatible(func: &Function, a: Inst, b: Inst) -> bool {
    let (da, db) = (func.dfg.inst(a), func.dfg.inst(b));
    if da.kind != db.kind || da.ty != db.ty || da.args.len() != db.args.len() {
        return false;
    }
    if da.is_phi() || da.is_terminator() || matches!(da.kind, InstKind::Alloca { .. }) {
        return false;
    }
    let const_sensitive_from = match da.kind {
        InstKind::Gep { .. } => 2,
        InstKind::Call(_) => 0,
        InstKind::ExtractValue { .. } | InstKind::InsertValue { .. } | InstKind::ShuffleVector { .. } => 0,
        _ => usize::MAX,
    };
    for (k, (&x, &y)) in da.args.iter().zip(db.args.iter()).enumerate() {
        if func.dfg.value_ty(x) != func.dfg.value_ty(y) {
            return false;
        }
        if k >= const_sensitive_from
            && x != y
            && (func.dfg.value_const(x).is_some() || func.dfg.value_const(y).is_some())
        {
            return false;
        }
    }
    true
}

impl<'a> Melder<'a> {
    pub(super) fn map_a(&self, v: Value) -> Value {
        *self.map_a.get(&v).unwrap_or(&v)
    }
    pub(super) fn map_b(&self, v: Value) -> Value {
        *self.map_b.get(&v).unwrap_or(&v)
    }

    /// Appends `data` to `blk`.
    pub(super) fn append(&mut self, blk: Block, data: InstData) -> Inst {
        let i = self.func.dfg.make_inst(data, Type::VOID);
        self.func.layout.append_inst(i, blk);
        i
    }

    /// Inserts `data` before the terminator of `blk` (or appends it when there is none).
    fn insert_before_term(&mut self, blk: Block, data: InstData) -> Inst {
        let i = self.func.dfg.make_inst(data, Type::VOID);
        match self.func.terminator(blk) {
            Some(t) => self.func.layout.insert_inst_before(i, t),
            None => self.func.layout.append_inst(i, blk),
        }
        i
    }

    /// `select c, x, y` in `blk` (cached per block), or `x` when equal.
    pub(super) fn select(&mut self, blk: Block, x: Value, y: Value) -> Value {
        if x == y {
            return x;
        }
        if let Some(&s) = self.sel_cache.get(&(x, y)) {
            return s;
        }
        let ty = self.func.dfg.value_ty(x);
        // `select c, true, y` is `or c, y` and `select c, x, false` is `and c, x` (replicated regions' constant
        // branch conditions): one predicate operation instead of a select on predicates.
        let as_bool = |v: Value| match self.func.dfg.value_const(v).map(|k| self.consts.data(k)) {
            Some(ConstData::Int(_, a)) if a.width() == 1 => Some(!a.is_zero()),
            _ => None,
        };
        let data = match (ty == Type::I1, as_bool(x), as_bool(y)) {
            (true, Some(true), _) => InstData::new(InstKind::Binary(BinaryOp::Or), &[self.cond, y], ty),
            (true, _, Some(false)) => InstData::new(InstKind::Binary(BinaryOp::And), &[self.cond, x], ty),
            _ => InstData::new(InstKind::Select, &[self.cond, x, y], ty),
        };
        let i = self.insert_before_term(blk, data);
        let s = self.func.dfg.result(i).expect("select result");
        self.func.dfg.set_value_name(s, Some("darm.sel"));
        self.sel_cache.insert((x, y), s);
        self.stats.selects += 1;
        s
    }

    /// Clones `a` (then side) and `b` (else side) as one instruction at the end of `blk`.
    fn emit_pair(&mut self, blk: Block, a: Inst, b: Inst) {
        let da = self.func.dfg.inst(a).clone();
        let db = self.func.dfg.inst(b).clone();
        let mut args: Vec<Value> = Vec::with_capacity(da.args.len());
        for (&x, &y) in da.args.iter().zip(db.args.iter()) {
            let (x, y) = (self.map_a(x), self.map_b(y));
            args.push(self.select(blk, x, y));
        }
        let mut data = InstData::new(da.kind.clone(), &args, da.ty);
        data.flags = Flags(da.flags.0 & db.flags.0);
        let i = self.append(blk, data);
        if let Some(r) = self.func.dfg.result(i) {
            let (ra, rb) = (self.func.dfg.result(a).expect("result"), self.func.dfg.result(b).expect("result"));
            if let Some(n) = self.func.dfg.value_name(ra).map(str::to_string) {
                if n.parse::<u64>().is_err() {
                    self.func.dfg.set_value_name(r, Some(&n));
                }
            }
            self.map_a.insert(ra, r);
            self.map_b.insert(rb, r);
        }
        self.stats.aligned += 1;
    }
}

/// The instructions of `b` without its phis and terminator.
pub fn body(func: &Function, b: Block) -> Vec<Inst> {
    func.layout.block_insts(b).filter(|&i| !func.dfg.inst(i).is_phi() && !func.dfg.inst(i).is_terminator()).collect()
}

/// The bodies (no phis, no terminators) of one block pair, `(then, else)`.
pub type PairBodies = (Vec<Inst>, Vec<Inst>);

/// The alignment of one block pair: the two bodies and the steps.
pub type PairAlignment = (Vec<Inst>, Vec<Inst>, Vec<Step>);

/// Aligns each pair of bodies and checks the instruction-count estimate of the melded code (aligned pairs once, a
/// select per differing operand not defined by an aligned pair, unaligned runs, a guard per run that can be
/// neither speculated nor left unguarded) against the two sides. `solo[k]`: pair `k` is entered by one side's
/// threads only (region replication), so its runs need no guard. Nothing is changed; `Err` says why not.
pub fn check(
    types: &TypeStore,
    consts: &ConstPool,
    func: &Function,
    bodies: Vec<PairBodies>,
    solo: &[bool],
    opts: Options,
    spec_callees: &rustc_hash::FxHashSet<Value>,
) -> Result<Vec<PairAlignment>, &'static str> {
    let mut aligns = Vec::with_capacity(bodies.len());
    for (sa, sb) in bodies {
        if sa.len().saturating_mul(sb.len()) > alignment::MAX_CELLS {
            return Err("a block pair is too large to align");
        }
        let align = |sb: &[Inst]| {
            let score = |i: usize, j: usize| {
                compatible(func, sa[i], sb[j]).then(|| (cost::latency(types, func, sa[i]) as i64).max(1))
            };
            let steps = alignment::align(sa.len(), sb.len(), opts.gap, &score);
            let total: i64 = steps
                .iter()
                .map(|s| match *s {
                    Step::Match(i, j) => score(i, j).unwrap_or(0),
                    _ => -opts.gap,
                })
                .sum();
            (steps, total)
        };
        let (steps, total) = align(&sb);
        // The else block reordered to follow the then block, when that aligns better (schedule.rs).
        let sb2 = super::schedule::follow(consts, func, spec_callees, &sa, &sb);
        if sb2 != sb {
            let (steps2, total2) = align(&sb2);
            if total2 > total {
                aligns.push((sa, sb2, steps2));
                continue;
            }
        }
        aligns.push((sa, sb, steps));
    }
    let mut same: FxHashMap<Value, Value> = FxHashMap::default();
    let (mut est, mut separate) = (0usize, 0usize);
    let predicable =
        if opts.full_predication { super::unpredication::predicable(func, &aligns) } else { Default::default() };
    for (k, (sa, sb, steps)) in aligns.iter().enumerate() {
        if solo.get(k).copied().unwrap_or(false) {
            // Issued by one side's threads only, melded or not: no part of the comparison.
            continue;
        }
        separate += sa.len() + sb.len() + 1;
        est += 1;
        let mut prev: Option<bool> = None;
        // Runs emitted unguarded with full predication of their loads and stores: step index -> extra cost.
        let mut predicated: FxHashMap<usize, usize> = FxHashMap::default();
        if opts.full_predication && !predicable.is_empty() {
            for (start, end, then_side) in gap_runs(steps) {
                let run: Vec<Inst> = steps[start..end]
                    .iter()
                    .map(|st| match *st {
                        Step::OnlyA(i) if then_side => sa[i],
                        Step::OnlyB(j) => sb[j],
                        _ => unreachable!("a gap run"),
                    })
                    .collect();
                if let Some(extra) = super::unpredication::predicated_run(spec_callees, func, &run, &predicable) {
                    predicated.insert(start, extra);
                    for s in start + 1..end {
                        predicated.insert(s, 0);
                    }
                }
            }
        }
        for (si, st) in steps.iter().enumerate() {
            if let Some(&extra) = predicated.get(&si) {
                est += 1 + extra;
                prev = None;
                continue;
            }
            match *st {
                Step::Match(i, j) => {
                    prev = None;
                    est += 1;
                    let (da, db) = (func.dfg.inst(sa[i]), func.dfg.inst(sb[j]));
                    let mut seen: Vec<(Value, Value)> = Vec::new();
                    for (&x, &y) in da.args.iter().zip(db.args.iter()) {
                        if x != y && same.get(&x) != Some(&y) && !seen.contains(&(x, y)) {
                            seen.push((x, y));
                            est += 1;
                        }
                    }
                    if let (Some(x), Some(y)) = (func.dfg.result(sa[i]), func.dfg.result(sb[j])) {
                        same.insert(x, y);
                    }
                }
                Step::OnlyA(i) | Step::OnlyB(i) => {
                    let side = matches!(st, Step::OnlyA(_));
                    let inst = if side { sa[i] } else { sb[i] };
                    est += 1;
                    let spec =
                        opts.full_predication && super::unpredication::speculatable(spec_callees, func.dfg.inst(inst));
                    if prev != Some(side) && !spec {
                        est += GUARD_OVERHEAD;
                    }
                    prev = Some(side);
                }
            }
        }
    }
    // Region pairs need a 10% margin: the estimate ignores the register copies and reconvergence costs of the
    // melded inner branches (measured: SB2-R melded at an estimated 0.93 issued 1.05x the warp instructions). A
    // diamond needs only to be cheaper (SB4's inner diamond enables the outer meld).
    let margin_ok = if solo.iter().filter(|&&s| !s).count() > 1 { est * 10 <= separate * 9 } else { est < separate };
    if !margin_ok {
        return Err("melded code would not issue sufficiently fewer instructions than both sides");
    }
    Ok(aligns)
}

/// The maximal runs of consecutive unaligned steps of one side: `(start, end, then side)`, as [`meld`] emits them.
fn gap_runs(steps: &[Step]) -> Vec<(usize, usize, bool)> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < steps.len() {
        let then_side = match steps[k] {
            Step::Match(..) => {
                k += 1;
                continue;
            }
            Step::OnlyA(_) => true,
            Step::OnlyB(_) => false,
        };
        let start = k;
        while k < steps.len() && matches!((steps[k], then_side), (Step::OnlyA(_), true) | (Step::OnlyB(_), false)) {
            k += 1;
        }
        out.push((start, k, then_side));
    }
    out
}

/// Pairs entered by one side's threads only (region replication, [`super::replication`]).
#[derive(Clone, Debug, Default)]
pub struct Solo {
    /// The `then` blocks of the solo pairs.
    pub blocks: rustc_hash::FxHashSet<Block>,
    /// Whether the side that runs them is the `then` side.
    pub then_side: bool,
}

/// Melds the isomorphic sides of `r` (module doc). `pairs` come from [`super::detection::shape`] (or
/// [`super::replication::replicate`], with its `solo` pairs). Returns `Err` (changing nothing) when a block pair is
/// too large to align or the estimate finds no saving ([`check`]). `pre`: the alignments of an estimate already
/// passed before a transformation that keeps it ([`super::simplify::split_common`]: a common block paired with
/// itself, whose copy's renamed operands become melded phis and results, not selects), used as they are.
#[allow(clippy::too_many_arguments)]
pub fn meld(
    types: &TypeStore,
    consts: &mut ConstPool,
    func: &mut Function,
    r: &Region,
    pairs: &[(Block, Block)],
    opts: Options,
    spec_callees: rustc_hash::FxHashSet<Value>,
    solo: &Solo,
    pre: Option<Vec<PairAlignment>>,
) -> Result<MeldStats, &'static str> {
    // Alignments and the estimate first: nothing is changed when they refuse.
    let aligns = match pre {
        Some(a) => a,
        None => {
            let bodies: Vec<PairBodies> = pairs.iter().map(|&(a, b)| (body(func, a), body(func, b))).collect();
            let solo_flags: Vec<bool> = pairs.iter().map(|(a, _)| solo.blocks.contains(a)).collect();
            check(types, consts, func, bodies, &solo_flags, opts, &spec_callees)?
        }
    };
    let predicable =
        if opts.full_predication { super::unpredication::predicable(func, &aligns) } else { Default::default() };

    let mut mel = Melder {
        spec_callees,
        func,
        consts,
        cond: r.cond,
        map_a: FxHashMap::default(),
        map_b: FxHashMap::default(),
        sel_cache: FxHashMap::default(),
        stats: MeldStats::default(),
    };
    // One melded block per pair, laid out after the branch block.
    let mut mblk: FxHashMap<Block, Block> = FxHashMap::default(); // then-side block -> melded block
    let mut partner: FxHashMap<Block, Block> = FxHashMap::default(); // then-side block -> else-side block
    let mut partner_rev: FxHashMap<Block, Block> = FxHashMap::default(); // else-side block -> then-side block
    let mut after = r.branch;
    for &(a, b) in pairs {
        let nb = mel.func.dfg.make_block(Some("darm.meld"));
        mel.func.layout.insert_block_after(nb, after);
        after = nb;
        mblk.insert(a, nb);
        partner.insert(a, b);
        partner_rev.insert(b, a);
    }
    // Phis: meld pairwise by type, in order; the rest stay one-sided.
    let mut phi_pairs: Vec<(Block, Inst, Option<Inst>, Option<Inst>)> = Vec::new(); // (melded block, new, a, b)
    for &(a, b) in pairs {
        let nb = mblk[&a];
        let pa = super::super::passes::util::phis(mel.func, a);
        let mut pb: Vec<Option<Inst>> = super::super::passes::util::phis(mel.func, b).into_iter().map(Some).collect();
        let mut todo: Vec<(Option<Inst>, Option<Inst>)> = Vec::new();
        for x in pa {
            let tx = mel.func.dfg.inst(x).ty;
            let found = pb.iter_mut().find(|y| y.is_some_and(|y| mel.func.dfg.inst(y).ty == tx));
            match found {
                Some(slot) => {
                    todo.push((Some(x), slot.take()));
                    mel.stats.phis_melded += 1;
                }
                None => todo.push((Some(x), None)),
            }
        }
        todo.extend(pb.into_iter().flatten().map(|y| (None, Some(y))));
        for (x, y) in todo {
            let ty = mel.func.dfg.inst(x.or(y).expect("a phi")).ty;
            let p = mel.append(nb, InstData::new(InstKind::Phi { blocks: Default::default() }, &[], ty));
            let v = mel.func.dfg.result(p).expect("phi result");
            if let Some(x) = x {
                mel.map_a.insert(mel.func.dfg.result(x).expect("r"), v);
            }
            if let Some(y) = y {
                mel.map_b.insert(mel.func.dfg.result(y).expect("r"), v);
            }
            phi_pairs.push((nb, p, x, y));
        }
    }
    // Bodies.
    let mut tail: FxHashMap<Block, Block> = FxHashMap::default(); // melded block -> its last piece
    for (&(a, _), (sa, sb, steps)) in pairs.iter().zip(aligns.iter()) {
        let mut cur = mblk[&a];
        mel.sel_cache.clear();
        let mut k = 0;
        while k < steps.len() {
            match steps[k] {
                Step::Match(i, j) => {
                    mel.emit_pair(cur, sa[i], sb[j]);
                    k += 1;
                }
                Step::OnlyA(_) | Step::OnlyB(_) => {
                    let then_side = matches!(steps[k], Step::OnlyA(_));
                    let mut run = Vec::new();
                    while k < steps.len() {
                        match steps[k] {
                            Step::OnlyA(i) if then_side => run.push(sa[i]),
                            Step::OnlyB(j) if !then_side => run.push(sb[j]),
                            _ => break,
                        }
                        k += 1;
                    }
                    if solo.blocks.contains(&a) {
                        // Only one side's threads enter this pair: no guard.
                        mel.stats.unaligned += run.len();
                        for &i in &run {
                            mel.clone_one_side(cur, i, then_side);
                        }
                    } else {
                        cur = mel.unpredicate(cur, &run, then_side, opts.full_predication, &predicable);
                    }
                }
            }
        }
        tail.insert(mblk[&a], cur);
    }
    // Terminators.
    let exit = r.exit;
    let mut exit_edges: Vec<(Block, Block, Block)> = Vec::new(); // (melded tail, a, b)
    for &(a, b) in pairs {
        let t = tail[&mblk[&a]];
        mel.sel_cache.clear();
        let ta = mel.func.terminator(a).expect("terminator");
        let tb = mel.func.terminator(b).expect("terminator");
        let map_succ = |s: Block| if s == exit { exit } else { mblk[&s] };
        let data = match mel.func.dfg.inst(ta).kind.clone() {
            InstKind::Br { dest } => {
                if dest == exit {
                    exit_edges.push((t, a, b));
                }
                InstData::new(InstKind::Br { dest: map_succ(dest) }, &[], Type::VOID)
            }
            InstKind::CondBr { then_dest, else_dest } => {
                let (ca, cb) = (mel.func.dfg.args(ta)[0], mel.func.dfg.args(tb)[0]);
                let (ca, cb) = (mel.map_a(ca), mel.map_b(cb));
                let c = if solo.blocks.contains(&a) {
                    if solo.then_side {
                        ca
                    } else {
                        cb
                    }
                } else {
                    mel.select(t, ca, cb)
                };
                for d in [then_dest, else_dest] {
                    if d == exit {
                        exit_edges.push((t, a, b));
                    }
                }
                InstData::new(
                    InstKind::CondBr { then_dest: map_succ(then_dest), else_dest: map_succ(else_dest) },
                    &[c],
                    Type::VOID,
                )
            }
            _ => unreachable!("detection admits br terminators only"),
        };
        mel.append(t, data);
    }
    // Phis of melded blocks: incoming per melded predecessor edge.
    let tail_of_then_pred = |mblk: &FxHashMap<Block, Block>, tail: &FxHashMap<Block, Block>, p: Block| tail[&mblk[&p]];
    for (_, p, x, y) in &phi_pairs {
        let src = x.or(*y).expect("a phi");
        let from_then = x.is_some();
        let entries: Vec<(Value, Block)> = {
            let d = mel.func.dfg.inst(src);
            d.args.iter().copied().zip(mel.func.dfg.phi_blocks(src).iter().copied()).collect()
        };
        for (v, pred) in entries {
            // `pred` is a side block of the phi's own side; find its then-side counterpart.
            let then_pred = if from_then { pred } else { partner_rev[&pred] };
            let mt = tail_of_then_pred(&mblk, &tail, then_pred);
            mel.sel_cache.clear();
            let val = match (x, y) {
                (Some(_), Some(y)) => {
                    let vb =
                        super::super::passes::util::phi_value_for(mel.func, *y, partner[&then_pred]).expect("entry");
                    let (va, vb) = (mel.map_a(v), mel.map_b(vb));
                    if solo.blocks.contains(&then_pred) {
                        if solo.then_side {
                            va
                        } else {
                            vb
                        }
                    } else {
                        mel.select(mt, va, vb)
                    }
                }
                (Some(_), None) => mel.map_a(v),
                _ => mel.map_b(v),
            };
            mel.func.dfg.phi_add_incoming(*p, val, mt);
        }
    }
    // A shared head (a single-block side also entered from outside the region, see detection) stays for its
    // other predecessors, unchanged: only the branch's edge into it goes.
    let kept: Vec<Block> =
        [(r.shared.0, r.heads.0), (r.shared.1, r.heads.1)].into_iter().filter_map(|(s, h)| s.then_some(h)).collect();
    // Phis of the exit.
    for phi in super::super::passes::util::phis(mel.func, exit) {
        for &(t, a, b) in &exit_edges {
            let va = super::super::passes::util::phi_value_for(mel.func, phi, a).expect("exit phi entry");
            let vb = super::super::passes::util::phi_value_for(mel.func, phi, b).expect("exit phi entry");
            mel.sel_cache.clear();
            let (va, vb) = (mel.map_a(va), mel.map_b(vb));
            let v = if solo.blocks.contains(&a) {
                if solo.then_side {
                    va
                } else {
                    vb
                }
            } else {
                mel.select(t, va, vb)
            };
            mel.func.dfg.phi_add_incoming(phi, v, t);
        }
        for &(a, b) in pairs {
            for blk in [a, b] {
                if !kept.contains(&blk) {
                    super::super::passes::util::phi_remove_block(mel.func, phi, blk);
                }
            }
        }
    }
    // The branch now enters the melded head; the old sides go.
    let head = mblk[&r.heads.0];
    let bt = mel.func.terminator(r.branch).expect("branch");
    let dbg = mel.func.dfg.get_inst_md(bt, MetadataTable::dbg_kind());
    mel.func.remove_inst(bt);
    let nbr = mel.append(r.branch, InstData::new(InstKind::Br { dest: head }, &[], Type::VOID));
    if let Some(l) = dbg {
        mel.func.dfg.set_inst_md(nbr, MetadataTable::dbg_kind(), l);
    }
    let stats = mel.stats.clone();
    for &(a, b) in pairs {
        for blk in [a, b].into_iter().filter(|b| !kept.contains(b)) {
            let insts: Vec<Inst> = func_insts(mel.func, blk);
            for i in insts {
                mel.func.dfg.clear_args(i);
            }
        }
    }
    for &(a, b) in pairs {
        for blk in [a, b].into_iter().filter(|b| !kept.contains(b)) {
            mel.func.remove_block(blk);
        }
    }
    Ok(stats)
}

fn func_insts(func: &Function, b: Block) -> Vec<Inst> {
    func.layout.block_insts(b).collect()
}
