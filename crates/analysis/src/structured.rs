//! The structured-CFG checker: the invariants of seed 003's "PTX Structured Control Flow Contract".
//!
//! The seed states five invariants a structurized function satisfies. simtc checks them as follows (the seed's
//! wording is loose in places; the checkable reading chosen here is what `structurizecfg` guarantees):
//!
//! 1. **single-entry loops** — the CFG is reducible: every cycle has one entry, its header.
//! 2. **post-dominator reconvergence** — every divergent conditional branch (per [`UniformityInfo`]) has its
//!    immediate post-dominator as one of its two successors: one side runs a body, the other goes straight to
//!    the reconvergence point (the seed's "P post-dominates B and dominates the merge points", made exact). Also,
//!    every natural loop with a divergent exiting branch has a single latch, which is its only exiting block (the
//!    loop `Flow` block).
//! 3. **linear Flow chain** — a block named `Flow…` holds nothing but phis and a `br` (one or two successors). The
//!    seed's "exactly two predecessors" does not hold for upstream's output either (a Flow after a loop or a
//!    multi-exit child region has more), so predecessor counts are not checked.
//! 4. **PHI-encodable path selection** — a conditional `Flow` branch's condition is an `i1` phi of the Flow block.
//! 5. **metadata tagging** — `!structurizecfg.uniform` sits only on conditional branches the uniformity analysis
//!    proves uniform.
//!
//! Every violation names the function, the block and the invariant. The checker is linear apart from the
//! analyses it runs (CFG, dominator and post-dominator trees, loops, uniformity).

use crate::{find_irreducible, Cfg, CycleInfo, DominatorTree, LoopInfo, PostDominatorTree, UniformityInfo};
use simtc_ir::{Block, FuncId, InstKind, Module, Type};
use std::fmt;

/// One broken invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The function (without `@`).
    pub func: String,
    /// The block, as printed (`%name`).
    pub block: String,
    /// The invariant's name (`single-entry loops`, `post-dominator reconvergence`, `linear Flow chain`,
    /// `PHI-encodable path selection`, `metadata tagging`).
    pub invariant: &'static str,
    /// What is wrong.
    pub detail: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@{}: block {}: {}: {}", self.func, self.block, self.invariant, self.detail)
    }
}

/// Whether a block name is a structurizer Flow block's (`Flow`, `Flow1`, `Flow.2`).
pub fn is_flow_block_name(name: Option<&str>) -> bool {
    name.is_some_and(|n| n.strip_prefix("Flow").is_some_and(|r| r.chars().all(|c| c.is_ascii_digit() || c == '.')))
}

/// Checks function `f` of `m`; returns every violation (empty when the function is structured).
pub fn check_function(m: &Module, f: FuncId) -> Vec<Violation> {
    let func = &m.funcs[f];
    let mut out = Vec::new();
    if func.is_declaration() {
        return out;
    }
    let cfg = Cfg::compute(func);
    let dt = DominatorTree::compute(&cfg);
    let v = |b: Block, invariant: &'static str, detail: String| Violation {
        func: func.name.clone(),
        block: func.block_label(b),
        invariant,
        detail,
    };
    let irr = find_irreducible(&cfg, &dt);
    for c in &irr {
        let names: Vec<String> = c.entries.iter().map(|&b| func.block_label(b)).collect();
        out.push(v(c.entries[0], "single-entry loops", format!("cycle with several entries: {}", names.join(", "))));
    }
    let pdt = PostDominatorTree::compute(&cfg);
    let cycles = CycleInfo::compute(&cfg, &dt);
    let uni = UniformityInfo::compute_with(m, f, &cfg, &dt, &pdt, &cycles);
    let uniform_kind = m.metadata.find_kind("structurizecfg.uniform");
    for &b in cfg.blocks() {
        let Some(t) = func.terminator(b) else { continue };
        let d = func.dfg.inst(t);
        let tagged = uniform_kind.is_some_and(|k| func.dfg.get_inst_md(t, k).is_some());
        if tagged {
            if !matches!(d.kind, InstKind::CondBr { .. }) {
                out.push(v(
                    b,
                    "metadata tagging",
                    "!structurizecfg.uniform on a branch that is not conditional".into(),
                ));
            } else if uni.is_divergent_branch(b) {
                out.push(v(b, "metadata tagging", "!structurizecfg.uniform on a divergent branch".into()));
            }
        }
        let flow = is_flow_block_name(func.dfg.block_name(b));
        if flow {
            let non_phi = func.layout.block_insts(b).filter(|&i| !func.dfg.inst(i).is_phi() && i != t).count();
            if non_phi > 0 || !matches!(d.kind, InstKind::Br { .. } | InstKind::CondBr { .. }) {
                out.push(v(b, "linear Flow chain", "a Flow block may hold only phis and a branch".into()));
            }
            if let InstKind::CondBr { .. } = d.kind {
                let c = d.args[0];
                let ok = func.dfg.value_inst(c).is_some_and(|i| {
                    func.dfg.inst(i).is_phi()
                        && func.layout.inst_block(i) == Some(b)
                        && func.dfg.value_ty(c) == Type::I1
                });
                if !ok {
                    out.push(v(
                        b,
                        "PHI-encodable path selection",
                        format!("the branch condition {} is not an i1 phi of the Flow block", func.value_label(c)),
                    ));
                }
            }
        }
        if let InstKind::CondBr { then_dest, else_dest } = d.kind {
            if then_dest != else_dest && (uni.is_divergent_branch(b) || flow) && !tagged {
                let ip = pdt.ipdom(b);
                if ip != Some(then_dest) && ip != Some(else_dest) {
                    let ipn = ip.map(|p| func.block_label(p)).unwrap_or_else(|| "the virtual exit".into());
                    out.push(v(
                        b,
                        "post-dominator reconvergence",
                        format!(
                            "divergent branch to {} and {} reconverges at {ipn}, which is neither successor (no Flow block)",
                            func.block_label(then_dest),
                            func.block_label(else_dest)
                        ),
                    ));
                }
            }
        }
    }
    if irr.is_empty() {
        let li = LoopInfo::compute(&cfg, &dt);
        for l in li.loops() {
            let exiting = li.exiting_blocks(l);
            if !exiting.iter().any(|&e| uni.is_divergent_branch(e)) {
                continue;
            }
            let latches = li.latches(l);
            if latches.len() != 1 || exiting.len() != 1 || exiting[0] != latches[0] {
                out.push(v(
                    li.header(l),
                    "post-dominator reconvergence",
                    format!(
                        "loop with a divergent exit has {} latch(es) and {} exiting block(s); structured loops leave only through their single latch",
                        latches.len(),
                        exiting.len()
                    ),
                ));
            }
        }
    }
    out
}

/// Checks every defined function of `m`.
pub fn check_module(m: &Module) -> Result<(), Vec<Violation>> {
    let mut all = Vec::new();
    for f in m.func_ids() {
        all.extend(check_function(m, f));
    }
    if all.is_empty() {
        Ok(())
    } else {
        Err(all)
    }
}

/// The reconvergence point of every divergent conditional branch of `f`: `(branch block, immediate
/// post-dominator)` — cicc records the head/tail pair per function for the AsmPrinter (seed 003); simtc derives
/// them from the structured CFG for printers and profilers.
pub fn reconvergence_points(m: &Module, f: FuncId) -> Vec<(Block, Option<Block>)> {
    let func = &m.funcs[f];
    if func.is_declaration() {
        return Vec::new();
    }
    let cfg = Cfg::compute(func);
    let dt = DominatorTree::compute(&cfg);
    let pdt = PostDominatorTree::compute(&cfg);
    let cycles = CycleInfo::compute(&cfg, &dt);
    let uni = UniformityInfo::compute_with(m, f, &cfg, &dt, &pdt, &cycles);
    uni.divergent_branches().iter().map(|&b| (b, pdt.ipdom(b))).collect()
}
