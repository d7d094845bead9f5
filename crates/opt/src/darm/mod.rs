//! `darm`: divergence-aware control-flow melding (seed 001: Saumya, Sundararajah, Kulkarni, "DARM: Control-Flow
//! Melding for SIMT Thread Divergence Reduction", CGO'22; ARCHITECTURE §5 restores its formulas).
//!
//! Algorithm 1 of the paper, per function, repeated to a fixpoint:
//! 1. [`detection`]: every conditional branch that is **divergent** (simtc's uniformity analysis) and forms a
//!    meldable divergent region (Definition 5) is a candidate; its sides are compared ([`detection::shape`]).
//! 2. Profitability ([`detection::profitability`], latencies from [`cost`]): candidates below `darm-threshold`
//!    (default 0.2) are left alone.
//! 3. [`melding`]: isomorphic sides are melded block pair by block pair — region–region, or basic block–basic
//!    block when both sides are single blocks (the diamonds of `darm-branch-fusion-only`) — with the instruction
//!    alignment of [`alignment`] and the guarded blocks of [`unpredication`]. Block–region pairs would need
//!    [`replication`] (not implemented; reported).
//! 4. `simplifycfg` cleans up; the round repeats (unless `darm-run-once`) while something melded, at most
//!    [`MAX_ROUNDS`] times. Within a round, candidates are taken smallest region first and each block takes part
//!    in at most one meld, so nested regions meld inside-out over successive rounds (SB4's three-way chain: the
//!    inner if/else, then the outer diamond).
//!
//! Invariants: the output passes the IR verifier; a region with a `switch`, a convergent/warp-synchronous call, an
//! `alloca`, a loop or a second entry in a side is never changed; each round costs the analyses (linear) plus, per
//! meld, the alignments, each bounded by [`alignment::MAX_CELLS`] cells.
//!
//! Where the paper is vague: the profitability is the artifact's opcode-histogram formula summed over the mapped
//! block pairs; a uniform branch is never melded (threads all take one side, melding only adds selects).

pub mod alignment;
pub mod cost;
pub mod detection;
pub mod melding;
pub mod replication;
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

/// Melds by kind (statistics).
#[derive(Clone, Debug, Default)]
pub struct DarmStats {
    /// Basic block–basic block melds.
    pub bb_bb: usize,
    /// Region–region melds.
    pub region_region: usize,
    /// Block–region candidates left alone (replication not implemented).
    pub block_region_skipped: usize,
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
            // Candidates (immutable borrow of the module).
            let mut cands: Vec<(detection::Region, Vec<(Block, Block)>)> = Vec::new();
            {
                let func = &m.funcs[f];
                let uni = analyses.uniformity(m, f);
                let divergent: Vec<Block> = uni.divergent_branches().to_vec();
                let dt = analyses.domtree(func);
                let pdt = analyses.postdomtree(func);
                let preds = crate::passes::util::Preds::compute(func);
                for b in divergent {
                    if !func.layout.is_block_inserted(b) {
                        continue;
                    }
                    let r = match detection::region_at(m, func, dt, pdt, &preds, true, b) {
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
                    let shape = detection::shape(func, &r);
                    let label = func.block_label(b);
                    let sizes = format!("{}x{} blocks", r.side_t.len(), r.side_f.len());
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
                                cands.push((r, pairs));
                            }
                        }
                        detection::Shape::BlockRegion => {
                            stats.block_region_skipped += 1;
                            if report {
                                remarks.push(format!(
                                    "remark: darm: @{fname}: {label}: block-region candidate, {sizes}: needs replication (not implemented), skipped"
                                ));
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
            // Smallest regions first; each block in at most one meld per round.
            cands.sort_by_key(|(r, _)| r.side_t.len() + r.side_f.len());
            let mut used: FxHashSet<Block> = FxHashSet::default();
            let mut melded = 0;
            // Transactional rounds: a round whose result fails the IR verifier is rolled back (and reported), so a
            // melding bug costs a missed optimization, never broken IR. One clone per round: linear.
            let backup = m.funcs[f].clone();
            let spec = speculatable_callees(&m.consts, &m.funcs, f);
            for (r, pairs) in cands {
                let blocks: Vec<Block> =
                    r.side_t.iter().chain(r.side_f.iter()).copied().chain([r.branch, r.exit]).collect();
                if blocks.iter().any(|b| used.contains(b)) {
                    continue;
                }
                let func = &mut m.funcs[f];
                let label = func.block_label(r.branch);
                let s = match melding::meld(&m.types, &mut m.consts, func, &r, &pairs, opts, spec.clone()) {
                    Ok(s) => s,
                    Err(why) => {
                        if report {
                            remarks.push(format!("remark: darm: @{fname}: {label}: not melded: {why}"));
                        }
                        continue;
                    }
                };
                used.extend(blocks);
                melded += 1;
                if pairs.len() == 1 {
                    stats.bb_bb += 1;
                } else {
                    stats.region_region += 1;
                }
                if report {
                    remarks.push(format!(
                        "remark: darm: @{fname}: {label}: melded: {} aligned, {} unaligned in {} guarded runs, {} selects, {} phi pairs",
                        s.aligned, s.unaligned, s.guards, s.selects, s.phis_melded
                    ));
                }
            }
            if melded == 0 {
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
        if report && (stats.bb_bb + stats.region_region + stats.block_region_skipped) > 0 {
            remarks.push(format!(
                "remark: darm: @{fname}: stats: {} bb-bb, {} region-region melds, {} block-region skipped",
                stats.bb_bb, stats.region_region, stats.block_region_skipped
            ));
        }
        Ok(changed)
    }
}
