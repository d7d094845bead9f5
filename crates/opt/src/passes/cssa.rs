//! `cssa`: conventional SSA for GPU divergence (seed 000). Every phi operand gets its own `pcp` copy at the end
//! of its predecessor, immediately before the terminator, so that each phi web is free of interference and the
//! copies run only for the threads that take the edge (never in the merge block, after reconvergence).
//!
//! The copy is `%pcpN = bitcast T %v to T` (a same-type bitcast: LLVM reads it back, no IR pass folds it away,
//! and isel recognises the `pcp` name and emits a real `mov` of the register class). Phi elimination and the
//! SIMT-aware coalescer on MIR (`phi-elim`) trust the property and remove the copies they prove unnecessary.
//!
//! Phases (seed 000):
//! 1. **Block numbering**: preorder and reverse-postorder numbers by an iterative DFS. *Latched*: a second run
//!    on the same function skips it, unless the function gained blocks since (the seed's pitfall 6: the
//!    numbers would be stale, so we renumber rather than trust them).
//! 2. **Phi discovery** in reverse postorder (unreachable blocks are left alone); each phi gets a monotonic id.
//! 3. **Copy insertion**: one `pcp` copy per phi operand before the predecessor's terminator, and the phi
//!    reads the copy. An operand that already is a `pcp` copy defined in that predecessor is kept (running the
//!    pass twice adds nothing).
//! 4. **Propagation** (the seed's "consumer-side copies" are vague; our semantics): per block, with a fresh
//!    local map keyed by `(predecessor, source value)`, the phis of the block that receive the same value on
//!    the same edge are pointed at one copy (`cssa-coalesce` ≥ 1). The map is what makes the loop-header
//!    self-edge finite: a value is mapped once and never remapped, so `%x = phi [%x.next, %header]` in the
//!    header itself gets exactly one copy. Levels ≥ 2 drop copies that cannot interfere (below).
//! 5. **Dead-copy cleanup**, strictly after propagation: the copies left without uses are erased.
//!
//! `cssa-coalesce` levels: `0` keep one copy per phi operand; `1` one copy per value and edge; `2` (default)
//! also no copy of constants (`undef`, `poison` and immediates have no live range; the MIR phi elimination
//! materializes them on the edge); `3` also no copy of a value defined in the predecessor whose only use is
//! the phi (its live range already ends at the edge).
//!
//! Other knobs: `do-cssa` (gate; the driver puts `cssa` last in the IR pipeline, after structurizecfg when that
//! runs), `cssa-verbosity` (1: one remark line per function with the counts; 2: also one per copy),
//! `dump-before-cssa` (prints `IR Module before CSSA:` and the module to standard error).
//!
//! Phis of aggregate type (struct, array) get no copy: `bitcast` cannot express it; the MIR phi elimination
//! still inserts its own copies for them.
//!
//! Cost: linear in the number of blocks, instructions and phi operands (hash maps keyed by values).

use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, Pass, PassContext, PassInfo, Preserves};
use rustc_hash::FxHashMap;
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "cssa",
    description: "conventional SSA: a pcp copy per phi operand before the predecessor's terminator (seed 000)",
    preserves: Preserves::Cfg,
    create: || Box::new(Cssa::default()),
    function: Some(|| Box::new(Cssa::default())),
};

/// Per-function state kept across runs (the phase-1 latch).
#[derive(Default)]
struct Numbering {
    preorder: Vec<u32>,
    rpo: Vec<Block>,
    blocks: usize,
}

/// The pass.
#[derive(Default)]
pub struct Cssa {
    numbered: FxHashMap<FuncId, Numbering>,
}

/// What one run did to one function.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CssaStats {
    /// Phis found.
    pub phis: usize,
    /// Copies inserted in phase 3.
    pub inserted: usize,
    /// Copies erased in phase 5.
    pub erased: usize,
}

/// A knob's value, or `d` when the registry in use does not define it (a bare `PassContext`).
fn knob_int(k: &Knobs, n: &str, d: i64) -> i64 {
    if k.registry().lookup(n).is_some() {
        k.int(n)
    } else {
        d
    }
}

fn knob_bool(k: &Knobs, n: &str, d: bool) -> bool {
    if k.registry().lookup(n).is_some() {
        k.bool(n)
    } else {
        d
    }
}

impl Pass for Cssa {
    fn run(&mut self, m: &mut Module) -> Result<bool, String> {
        self.run_in(m, &mut PassContext::default())
    }
    fn run_in(&mut self, m: &mut Module, cx: &mut PassContext) -> Result<bool, String> {
        if knob_bool(&cx.knobs, "dump-before-cssa", false) {
            eprint!("IR Module before CSSA:\n{}", simtc_ir::writer::write_module(m));
        }
        // The per-function numberings this instance keeps carry over to the adapter and back.
        let mut each = FunctionPassAdapter(std::mem::take(self));
        let any = each.run_in(m, cx);
        *self = each.0;
        any
    }
}

impl FunctionPass for Cssa {
    fn preserves(&self) -> Preserves {
        Preserves::Cfg
    }
    /// Returns whether copies were added on balance; the analyses are invalidated whenever any copy was added or
    /// erased (only this function's instruction-level facts change: the pass keeps the CFG). The
    /// `dump-before-cssa` knob is the module pass's alone.
    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        analyses: &mut simtc_analysis::cache::FunctionAnalyses,
        knobs: &Knobs,
        remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        let level = knob_int(knobs, "cssa-coalesce", 2);
        let verbosity = knob_int(knobs, "cssa-verbosity", 0);
        let st = self.numbered.entry(f).or_default();
        let Module { funcs, types, .. } = m;
        let func = &mut funcs[f];
        let mut log = Vec::new();
        let s = cssa_function(types, func, st, level, verbosity >= 2, &mut log);
        if verbosity >= 1 {
            remarks.push(format!(
                "cssa: @{}: {} phis, {} pcp copies inserted, {} erased",
                func.name, s.phis, s.inserted, s.erased
            ));
            remarks.extend(log);
        }
        if s.inserted > 0 || s.erased > 0 {
            analyses.invalidate(simtc_analysis::cache::Preserved::Cfg);
        }
        Ok(s.inserted > s.erased)
    }
}

fn number_blocks(func: &Function, st: &mut Numbering) {
    let n = func.dfg.num_blocks();
    if st.blocks == n && !st.rpo.is_empty() {
        return; // latched
    }
    let Some(entry) = func.entry() else { return };
    st.preorder = vec![u32::MAX; n];
    let mut post = Vec::with_capacity(n);
    let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
    st.preorder[entry.index()] = 0;
    let mut counter = 1;
    while let Some((b, k)) = stack.pop() {
        let succs = func.successors(b);
        if let Some(&s) = succs.get(k) {
            stack.push((b, k + 1));
            if st.preorder[s.index()] == u32::MAX {
                st.preorder[s.index()] = counter;
                counter += 1;
                stack.push((s, 0));
            }
        } else {
            post.push(b);
        }
    }
    post.reverse();
    st.rpo = post;
    st.blocks = n;
}

fn is_pcp(func: &Function, v: Value) -> Option<Inst> {
    let i = func.dfg.value_inst(v)?;
    let d = func.dfg.inst(i);
    (matches!(d.kind, InstKind::Cast(CastOp::BitCast)) && func.dfg.value_name(v).is_some_and(|n| n.starts_with("pcp")))
        .then_some(i)
}

fn cssa_function(
    types: &TypeStore,
    func: &mut Function,
    st: &mut Numbering,
    level: i64,
    log_copies: bool,
    log: &mut Vec<String>,
) -> CssaStats {
    let mut s = CssaStats::default();
    // Phase 1.
    number_blocks(func, st);
    // Phase 2.
    let mut phis: Vec<(Inst, Block)> = Vec::new();
    let mut ids: FxHashMap<Inst, u32> = FxHashMap::default();
    for &b in &st.rpo {
        for i in func.layout.block_insts(b) {
            if !func.dfg.inst(i).is_phi() {
                break;
            }
            let id = ids.len() as u32;
            ids.entry(i).or_insert(id);
            phis.push((i, b));
        }
    }
    s.phis = phis.len();
    let mut counter = func.dfg.num_values();
    // Phase 3.
    let mut created: Vec<Inst> = Vec::new();
    for &(phi, b) in &phis {
        let ty = func.dfg.inst(phi).ty;
        if types.is_aggregate(ty) {
            continue;
        }
        let InstKind::Phi { blocks } = func.dfg.inst(phi).kind.clone() else { continue };
        for (k, pred) in blocks.iter().enumerate() {
            let v = func.dfg.args(phi)[k];
            if let Some(c) = is_pcp(func, v) {
                if func.layout.inst_block(c) == Some(*pred) {
                    continue;
                }
            }
            let Some(term) = func.terminator(*pred) else { continue };
            let c = func.dfg.make_inst(InstData::new(InstKind::Cast(CastOp::BitCast), &[v], ty), Type::VOID);
            func.layout.insert_inst_before(c, term);
            let r = func.dfg.result(c).expect("bitcast result");
            func.dfg.set_value_name(r, Some(&format!("pcp{counter}")));
            counter += 1;
            func.dfg.set_arg(phi, k, r);
            created.push(c);
            s.inserted += 1;
            if log_copies {
                log.push(format!(
                    "cssa: {} copy of {} on {} -> {}",
                    func.value_label(r),
                    func.value_label(v),
                    func.block_label(*pred),
                    func.block_label(b)
                ));
            }
        }
    }
    // Phase 4: propagation with a local map per block.
    if level >= 1 {
        let mut block_phis: FxHashMap<Block, Vec<Inst>> = FxHashMap::default();
        for &(phi, b) in &phis {
            block_phis.entry(b).or_default().push(phi);
        }
        for &b in &st.rpo {
            let Some(list) = block_phis.get(&b) else { continue };
            let mut local: FxHashMap<(Block, Value), Value> = FxHashMap::default();
            for &phi in list {
                let InstKind::Phi { blocks } = func.dfg.inst(phi).kind.clone() else { continue };
                for (k, pred) in blocks.iter().enumerate() {
                    let v = func.dfg.args(phi)[k];
                    let Some(c) = is_pcp(func, v) else { continue };
                    let src = func.dfg.args(c)[0];
                    let drop = (level >= 2 && func.dfg.value_const(src).is_some())
                        || (level >= 3
                            && func.dfg.value_inst(src).and_then(|i| func.layout.inst_block(i)) == Some(*pred)
                            && func.dfg.uses(src).len() == 1
                            && func.dfg.uses(v).len() == 1);
                    if drop {
                        func.dfg.set_arg(phi, k, src);
                        continue;
                    }
                    match local.get(&(*pred, src)) {
                        Some(&first) if first != v => func.dfg.set_arg(phi, k, first),
                        Some(_) => {}
                        None => {
                            local.insert((*pred, src), v);
                        }
                    }
                }
            }
        }
    }
    // Phase 5: dead-copy cleanup.
    for c in created {
        let r = func.dfg.result(c).expect("bitcast result");
        if !func.dfg.has_uses(r) {
            func.remove_inst(c);
            s.erased += 1;
        }
    }
    s
}
