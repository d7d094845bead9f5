//! `darm`: divergence-aware control-flow melding (seed 001: Saumya, Sundararajah, Kulkarni, "DARM: Control-Flow
//! Melding for SIMT Thread Divergence Reduction", CGO'22; ARCHITECTURE §5 restores its formulas).
//!
//! Algorithm 1 of the paper, per function, repeated to a fixpoint:
//! 1. [`detection`]: every conditional branch that is **divergent** (simtc's uniformity analysis) and forms a
//!    meldable divergent region (Definition 5) is a candidate; its sides are compared ([`detection::shape`]).
//!    A branch whose condition singles out one thread of the block ([`coherence`]: `tid`-affine `==` uniform)
//!    is not: at most one warp diverges there, and melding would cost every other warp its selects.
//! 2. Profitability ([`detection::profitability`], latencies from [`cost`]): candidates below `darm-threshold`
//!    (default 0.2) are left alone.
//!    Blocks reached from both heads before the exit (Definition 4: the sides are not simple regions) are split,
//!    one copy per side, by [`simplify`] once the candidate's estimate passed, just before melding.
//! 3. [`melding`]: isomorphic sides are melded block pair by block pair — region–region, or basic block–basic
//!    block when both sides are single blocks (the diamonds of `darm-branch-fusion-only`) — with the instruction
//!    alignment of [`alignment`] and the guarded blocks of [`unpredication`]. Block–region pairs (one side a
//!    single block, the other a region) are first made isomorphic by [`replication`] (region replication, unless
//!    `darm-disable-region-replication`), then melded the same way.
//! 4. `simplifycfg` cleans up; the round repeats (unless `darm-run-once`) while something melded, at most
//!    [`MAX_ROUNDS`] times. Within a round, candidates are taken smallest region first and each block takes part
//!    in at most one meld, so nested regions meld inside-out over successive rounds (SB4's three-way chain: the
//!    inner if/else, then the outer diamond).
//!
//! Invariants: the output passes the IR verifier; a region with a `switch`, a convergent/warp-synchronous call, an
//! `alloca`, a loop or an entry from outside the region into a side is never changed; each round costs the
//! analyses (linear) plus, per meld, the alignments, each bounded by [`alignment::MAX_CELLS`] cells. A round in
//! which no conditional branch has a meldable region shape (divergent or not) stops before computing the
//! uniformity analysis: the candidates are a subset of those branches, so the result is the same.
//!
//! Where the paper is vague: the profitability is the artifact's opcode-histogram formula summed over the mapped
//! block pairs; a uniform branch is never melded (threads all take one side, melding only adds selects).

pub mod alignment;
pub mod coherence;
pub mod cost;
pub mod detection;
pub mod melding;
pub mod replication;
pub mod schedule;
pub mod simplify;
pub mod unpredication;

use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use rustc_hash::FxHashSet;
use simtc_analysis::cache::{FunctionAnalyses, Preserved};
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "darm",
    description: "DARM control-flow melding of divergent if/else regions with similar sides (seed 001)",
    preserves: Preserves::Nothing,
    create: || Box::new(FunctionPassAdapter(Darm)),
    function: Some(|| Box::new(Darm)),
};

/// The callee values of `f` that name `speculatable` functions (pure intrinsics such as `llvm.maxnum.f32`).
fn speculatable_callees(consts: &ConstPool, funcs: &PrimaryMap<FuncId, Function>, f: FuncId) -> FxHashSet<Value> {
    let mut s = FxHashSet::default();
    for (v, d) in funcs[f].dfg.values() {
        if let ValueDef::Const(c) = d.def {
            if let ConstData::Global(_, GlobalRef::Func(g)) = consts.data(c) {
                if funcs[*g].attrs.has("speculatable") {
                    s.insert(v);
                }
            }
        }
    }
    s
}

/// Most rounds of melding per function.
pub const MAX_ROUNDS: usize = 16;

/// The pass.
pub struct Darm;

/// Statistics of one function (`darm-report=1` prints them as a remark, `darm-stats` as `stat:` remarks that
/// `simtc compile --stats` sums).
#[derive(Clone, Debug, Default)]
pub struct DarmStats {
    /// Conditional branches examined (first round).
    pub branches: usize,
    /// Of those, divergent per the uniformity analysis.
    pub divergent: usize,
    /// Of those, meldable divergent regions (Definition 5).
    pub meldable: usize,
    /// Basic block–basic block melds.
    pub bb_bb: usize,
    /// Region–region melds.
    pub region_region: usize,
    /// Block–region melds (region replication).
    pub block_region: usize,
    /// Block–region candidates left alone (`darm-disable-region-replication`, threshold, estimate).
    pub block_region_skipped: usize,
    /// Aligned instruction pairs melded into one instruction.
    pub insts_melded: usize,
    /// Unaligned instructions (guarded, speculated or in solo blocks).
    pub insts_unaligned: usize,
    /// Selects inserted.
    pub selects: usize,
    /// Guarded blocks created by unpredication.
    pub guards: usize,
    /// Blocks created by region replication.
    pub blocks_replicated: usize,
    /// Phi pairs melded.
    pub phis_melded: usize,
    /// Blocks common to both sides split into one copy per side (Definition 4's simplification, [`simplify`]).
    pub blocks_split: usize,
    /// Unaligned stores fully predicated (old value loaded, `select` on the condition, stored back) instead of
    /// guarded.
    pub stores_predicated: usize,
}

impl DarmStats {
    /// `(name, value)` pairs, in a fixed order.
    pub fn entries(&self) -> [(&'static str, usize); 15] {
        [
            ("darm.branches", self.branches),
            ("darm.divergent", self.divergent),
            ("darm.meldable", self.meldable),
            ("darm.melded.bb-bb", self.bb_bb),
            ("darm.melded.region-region", self.region_region),
            ("darm.melded.block-region", self.block_region),
            ("darm.block-region-skipped", self.block_region_skipped),
            ("darm.insts-melded", self.insts_melded),
            ("darm.insts-unaligned", self.insts_unaligned),
            ("darm.selects", self.selects),
            ("darm.guards", self.guards),
            ("darm.blocks-replicated", self.blocks_replicated),
            ("darm.phis-melded", self.phis_melded),
            ("darm.blocks-split", self.blocks_split),
            ("darm.stores-predicated", self.stores_predicated),
        ]
    }
    fn add(&mut self, s: &melding::MeldStats) {
        self.insts_melded += s.aligned;
        self.insts_unaligned += s.unaligned;
        self.selects += s.selects;
        self.guards += s.guards;
        self.phis_melded += s.phis_melded;
        self.stores_predicated += s.stores_predicated;
    }
}

/// A candidate of a round: the region, its block pairs (isomorphic sides) or its replication plan.
enum Cand {
    Iso(detection::Region, Vec<(Block, Block)>),
    Replicate(detection::Region, replication::Plan),
}

impl Cand {
    fn region(&self) -> &detection::Region {
        match self {
            Cand::Iso(r, _) | Cand::Replicate(r, _) => r,
        }
    }
}

impl FunctionPass for Darm {
    fn preserves(&self) -> Preserves {
        Preserves::Nothing
    }
    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        analyses: &mut FunctionAnalyses,
        knobs: &Knobs,
        remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        let threshold = knobs.ratio("darm-threshold");
        let fusion_only = knobs.bool("darm-branch-fusion-only");
        let analysis_only = knobs.bool("darm-analysis-only");
        let run_once = knobs.bool("darm-run-once");
        let report = knobs.int("darm-report") > 0;
        let replication = !knobs.bool("darm-disable-region-replication");
        let emit_stats = knobs.bool("darm-stats");
        let opts = melding::Options {
            gap: knobs.int("darm-gap-penalty"),
            full_predication: knobs.bool("darm-full-predication"),
        };
        let fname = m.funcs[f].name.clone();
        let mut changed = false;
        let mut stats = DarmStats::default();
        for round in 0..MAX_ROUNDS {
            if changed {
                analyses.invalidate(Preserved::Nothing);
            }
            // No conditional branch whose region has a meldable shape: nothing can meld whatever the branches'
            // divergence, so the round stops before the uniformity analysis, its largest cost (isel computes
            // the analysis when it needs it). Remarks and statistics report every divergent branch, so they
            // keep the full round.
            let preds = crate::passes::util::Preds::compute(&m.funcs[f]);
            if !report && !emit_stats {
                let func = &m.funcs[f];
                let pdt = analyses.postdomtree(func);
                if !func.layout.blocks().any(|b| detection::region_at(m, func, pdt, &preds, true, b).is_ok()) {
                    break;
                }
            }
            // Candidates (immutable borrow of the module).
            let mut cands: Vec<Cand> = Vec::new();
            {
                let func = &m.funcs[f];
                let uni = analyses.uniformity(m, f);
                let divergent: Vec<Block> = uni.divergent_branches().to_vec();
                if round == 0 {
                    stats.branches = func
                        .layout
                        .blocks()
                        .filter(|&b| {
                            func.terminator(b).is_some_and(|t| matches!(func.dfg.inst(t).kind, InstKind::CondBr { .. }))
                        })
                        .count();
                    stats.divergent = divergent.len();
                }
                let dt = analyses.domtree(func);
                let pdt = analyses.postdomtree(func);
                for b in divergent {
                    if !func.layout.is_block_inserted(b) {
                        continue;
                    }
                    let r = match detection::region_at(m, func, pdt, &preds, true, b) {
                        Ok(r) => r,
                        Err(why) => {
                            if report
                                && func
                                    .terminator(b)
                                    .is_some_and(|t| matches!(func.dfg.inst(t).kind, InstKind::CondBr { .. }))
                            {
                                remarks.push(format!(
                                    "remark: darm: @{fname}: {}: not meldable: {why}",
                                    func.block_label(b)
                                ));
                            }
                            continue;
                        }
                    };
                    if round == 0 {
                        stats.meldable += 1;
                    }
                    if coherence::single_thread_branch(m, func, uni, b) {
                        if report {
                            remarks.push(format!(
                                "remark: darm: @{fname}: {}: not melded: the condition singles out one thread \
                                 (equality of a thread-index-affine value), so at most one warp diverges",
                                func.block_label(b)
                            ));
                        }
                        continue;
                    }
                    let shape = detection::shape(func, &r);
                    // Remark text only when remarks are asked for (formatting is a measurable share of a round).
                    let (label, sizes) = if report {
                        (func.block_label(b), format!("{}x{} blocks", r.side_t.len(), r.side_f.len()))
                    } else {
                        Default::default()
                    };
                    match shape {
                        detection::Shape::Isomorphic(pairs) => {
                            let diamond = pairs.len() == 1;
                            let kind = if diamond { "bb-bb" } else { "region-region" };
                            let score = detection::profitability(&m.types, func, &pairs);
                            let decision = if fusion_only && !diamond {
                                "skipped (darm-branch-fusion-only)"
                            } else if score < threshold {
                                "skipped (below darm-threshold)"
                            } else if analysis_only {
                                "candidate (darm-analysis-only)"
                            } else {
                                "meld"
                            };
                            if report {
                                remarks.push(format!(
                                    "remark: darm: @{fname}: {label}: {kind} candidate, {sizes}, score {score:.3}: {decision}"
                                ));
                            }
                            if decision == "meld" {
                                cands.push(Cand::Iso(r, pairs));
                            }
                        }
                        detection::Shape::BlockRegion => {
                            let plan = if replication && !fusion_only {
                                replication::plan(&m.types, func, dt, &preds, &r, opts.gap)
                            } else {
                                None
                            };
                            let decision = match &plan {
                                _ if !report => String::new(),
                                _ if !replication => "skipped (darm-disable-region-replication)".to_string(),
                                _ if fusion_only => "skipped (darm-branch-fusion-only)".to_string(),
                                None => "skipped (the block side has a second entry)".to_string(),
                                Some(p) if p.score < threshold => {
                                    format!("score {:.3}: skipped (below darm-threshold)", p.score)
                                }
                                Some(p) if analysis_only => {
                                    format!("score {:.3}: candidate (darm-analysis-only)", p.score)
                                }
                                Some(p) => {
                                    format!("score {:.3}: replicate against {}", p.score, func.block_label(p.target))
                                }
                            };
                            if report {
                                remarks.push(format!(
                                    "remark: darm: @{fname}: {label}: block-region candidate, {sizes}, {decision}"
                                ));
                            }
                            match plan {
                                Some(p) if p.score >= threshold && !analysis_only => cands.push(Cand::Replicate(r, p)),
                                _ => stats.block_region_skipped += 1,
                            }
                        }
                        detection::Shape::Different => {
                            if report {
                                remarks.push(format!(
                                    "remark: darm: @{fname}: {label}: sides are not isomorphic ({sizes}), skipped"
                                ));
                            }
                        }
                    }
                }
            }
            if cands.is_empty() {
                // Nothing to meld: no backup clone (a whole function copy), no clean-up.
                break;
            }
            // Smallest regions first; each block in at most one meld per round.
            cands.sort_by_key(|c| c.region().side_t.len() + c.region().side_f.len());
            let mut used: FxHashSet<Block> = FxHashSet::default();
            let mut melded = 0;
            let mut mutated = false;
            // Transactional rounds: a round whose result fails the IR verifier is rolled back (and reported), so a
            // melding bug costs a missed optimization, never broken IR. One clone per round: linear.
            let backup = m.funcs[f].clone();
            let spec = speculatable_callees(&m.consts, &m.funcs, f);
            for cand in cands {
                let r = cand.region();
                let blocks: Vec<Block> =
                    r.side_t.iter().chain(r.side_f.iter()).copied().chain([r.branch, r.exit]).collect();
                if blocks.iter().any(|b| used.contains(b)) {
                    continue;
                }
                let label = if report { m.funcs[f].block_label(r.branch) } else { String::new() };
                let result = match &cand {
                    Cand::Iso(r, pairs) if !r.common.is_empty() => {
                        // Definition 4's simplification (`simplify`) only when melding follows: the estimate on
                        // the original blocks (a common block paired with itself is what its copy will be).
                        let func = &m.funcs[f];
                        let bodies = pairs.iter().map(|&(a, b)| (melding::body(func, a), melding::body(func, b)));
                        let solo = vec![false; pairs.len()];
                        match melding::check(&m.types, &m.consts, func, bodies.collect(), &solo, opts, &spec) {
                            Err(why) => Err(why),
                            Ok(aligns) => {
                                let func = &mut m.funcs[f];
                                let (r2, pairs2, copies) = simplify::split_common(func, r, pairs);
                                stats.blocks_split += r.common.len();
                                mutated = true;
                                // The alignments carry over: the `else` bodies now name the copies.
                                let aligns = aligns
                                    .into_iter()
                                    .map(|(sa, sb, st)| {
                                        (sa, sb.iter().map(|i| copies.get(i).copied().unwrap_or(*i)).collect(), st)
                                    })
                                    .collect();
                                let s = &Default::default();
                                melding::meld(
                                    &m.types,
                                    &mut m.consts,
                                    func,
                                    &r2,
                                    &pairs2,
                                    opts,
                                    spec.clone(),
                                    s,
                                    Some(aligns),
                                )
                                .map(|s| (s, 1))
                            }
                        }
                    }
                    Cand::Iso(r, pairs) => {
                        let func = &mut m.funcs[f];
                        melding::meld(
                            &m.types,
                            &mut m.consts,
                            func,
                            r,
                            pairs,
                            opts,
                            spec.clone(),
                            &Default::default(),
                            None,
                        )
                        .map(|s| (s, if pairs.len() == 1 { 0 } else { 1 }))
                    }
                    Cand::Replicate(r, plan) => {
                        // The estimate on the original instructions first: replication only when melding follows.
                        let func = &m.funcs[f];
                        let (bodies, solo) = replication::bodies(func, plan);
                        match melding::check(&m.types, &m.consts, func, bodies, &solo, opts, &spec) {
                            Err(why) => Err(why),
                            Ok(_) => {
                                let func = &mut m.funcs[f];
                                let rep = replication::replicate(&mut m.consts, func, r, plan);
                                stats.blocks_replicated += rep.pairs.len();
                                mutated = true;
                                let solo = melding::Solo { blocks: rep.solo, then_side: rep.region_is_then };
                                melding::meld(
                                    &m.types,
                                    &mut m.consts,
                                    func,
                                    &rep.region,
                                    &rep.pairs,
                                    opts,
                                    spec.clone(),
                                    &solo,
                                    None,
                                )
                                .map(|s| (s, 2))
                            }
                        }
                    }
                };
                let (s, kind) = match result {
                    Ok(s) => s,
                    Err(why) => {
                        if matches!(cand, Cand::Replicate(..)) {
                            stats.block_region_skipped += 1;
                        }
                        if report {
                            remarks.push(format!("remark: darm: @{fname}: {label}: not melded: {why}"));
                        }
                        continue;
                    }
                };
                used.extend(blocks);
                melded += 1;
                match kind {
                    0 => stats.bb_bb += 1,
                    1 => stats.region_region += 1,
                    _ => stats.block_region += 1,
                }
                stats.add(&s);
                if report {
                    let predicated = if s.stores_predicated > 0 {
                        format!(", {} stores predicated", s.stores_predicated)
                    } else {
                        String::new()
                    };
                    remarks.push(format!(
                        "remark: darm: @{fname}: {label}: melded: {} aligned, {} unaligned in {} guarded runs, {} selects, {} phi pairs{predicated}",
                        s.aligned, s.unaligned, s.guards, s.selects, s.phis_melded
                    ));
                }
            }
            // A split or replicated region is melded (the estimate passed before), but should melding still
            // refuse, the transformed IR is a change too: it is cleaned, verified and reported like a meld.
            if melded == 0 && !mutated {
                break;
            }
            crate::passes::simplifycfg::simplify_function(&m.consts, &mut m.funcs[f]);
            if let Err(errs) = simtc_ir::verifier::verify_function(m, f) {
                m.funcs[f] = backup;
                remarks.push(format!(
                    "remark: darm: @{fname}: round {round} rolled back: melding produced invalid IR ({})",
                    errs.first().map(|e| e.to_string()).unwrap_or_default()
                ));
                break;
            }
            changed = true;
            if run_once {
                break;
            }
        }
        if report && (stats.bb_bb + stats.region_region + stats.block_region + stats.block_region_skipped) > 0 {
            remarks.push(format!(
                "remark: darm: @{fname}: stats: {} bb-bb, {} region-region, {} block-region melds, {} block-region skipped",
                stats.bb_bb, stats.region_region, stats.block_region, stats.block_region_skipped
            ));
        }
        if emit_stats {
            for (k, v) in stats.entries() {
                remarks.push(format!("stat: {k} {v}"));
            }
        }
        Ok(changed)
    }
}
