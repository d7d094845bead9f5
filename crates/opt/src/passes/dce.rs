//! `dce`: dead-code elimination — unreachable blocks and dead pure instructions.
//!
//! Seed: none (a classic pass; the first one the pipeline needs, so every later pass can leave garbage behind).
//!
//! 1. **Unreachable blocks.** Blocks not reachable from the entry are deleted; phis in reachable successors drop
//!    their entries for deleted predecessors.
//! 2. **Dead instructions** by mark and sweep, which also removes dead phi cycles: roots are terminators and
//!    instructions with effects (stores, atomics, fences, volatile/atomic loads, calls that may write memory,
//!    may not return, or may unwind); liveness flows from a live instruction to the definitions of its operands.
//!    Everything unmarked is deleted.
//!
//! A call is removable only when its call site or callee says `memory(none)`/`readnone` or
//! `memory(read)`/`readonly`, together with `nounwind` and `willreturn` (what `llvm.nvvm.read.ptx.sreg.*` carries).
//!
//! Invariants: linear in the size of the function (one DFS, one worklist pass, one sweep). Preserves nothing
//! (the CFG changes when unreachable blocks go).

use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, Pass, PassContext, PassInfo, Preserves};
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "dce",
    description: "delete unreachable blocks and dead pure instructions (including dead phi cycles)",
    preserves: Preserves::Nothing,
    create: || Box::new(Dce),
    function: Some(|| Box::new(Dce)),
};

/// The pass.
pub struct Dce;

impl Pass for Dce {
    fn run(&mut self, m: &mut Module) -> Result<bool, String> {
        self.run_in(m, &mut PassContext::default())
    }
    /// Drops the cached analyses of the functions it changed only (the others stay valid).
    fn run_in(&mut self, m: &mut Module, cx: &mut PassContext) -> Result<bool, String> {
        FunctionPassAdapter(Dce).run_in(m, cx)
    }
}

impl FunctionPass for Dce {
    fn preserves(&self) -> Preserves {
        Preserves::Nothing
    }
    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        _analyses: &mut FunctionAnalyses,
        _knobs: &Knobs,
        _remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        let removable = removable_calls(m, f);
        let func = &mut m.funcs[f];
        let blocks = remove_unreachable_blocks(func);
        let insts = remove_dead_insts(func, &removable);
        Ok(blocks || insts)
    }
}

/// Deletes blocks unreachable from the entry. Returns whether any was deleted.
pub fn remove_unreachable_blocks(func: &mut Function) -> bool {
    let Some(entry) = func.entry() else {
        return false;
    };
    let mut reachable = SecondaryMap::<Block, bool>::new();
    let mut stack = vec![entry];
    reachable.set(entry, true);
    while let Some(b) = stack.pop() {
        for s in func.successors(b) {
            if !reachable[s] {
                reachable.set(s, true);
                stack.push(s);
            }
        }
    }
    let dead: Vec<Block> = func.layout.blocks().filter(|&b| !reachable[b]).collect();
    if dead.is_empty() {
        return false;
    }
    // Drop phi entries that come from dead blocks, in reachable successors.
    for &d in &dead {
        let mut succs = func.successors(d);
        succs.sort();
        succs.dedup();
        for s in succs {
            if !reachable[s] {
                continue;
            }
            let phis: Vec<Inst> = func.layout.block_insts(s).take_while(|&i| func.dfg.inst(i).is_phi()).collect();
            for phi in phis {
                let mut k = 0;
                while k < func.dfg.phi_blocks(phi).len() {
                    if func.dfg.phi_blocks(phi)[k] == d {
                        func.dfg.phi_remove_incoming(phi, k);
                    } else {
                        k += 1;
                    }
                }
            }
        }
    }
    for d in dead {
        func.remove_block(d);
    }
    true
}

/// Which call instructions may be deleted when their result is unused.
fn removable_calls(m: &Module, f: FuncId) -> SecondaryMap<Inst, bool> {
    let func = &m.funcs[f];
    let mut out = SecondaryMap::new();
    for b in func.layout.blocks() {
        for i in func.layout.block_insts(b) {
            let d = func.dfg.inst(i);
            let InstKind::Call(cd) = &d.kind else {
                continue;
            };
            let has = |key: &str, raw: &str| super::util::call_has_attr(m, func, i, key, raw);
            let no_write = has("readnone", "memory(none)") || has("readonly", "memory(read)");
            if no_write && has("nounwind", "") && has("willreturn", "") && cd.bundles.is_empty() {
                out.set(i, true);
            }
        }
    }
    out
}

/// Mark-and-sweep removal of dead instructions. Returns whether anything was deleted.
pub fn remove_dead_insts(func: &mut Function, removable_calls: &SecondaryMap<Inst, bool>) -> bool {
    let mut live = SecondaryMap::<Inst, bool>::new();
    let mut work = Vec::new();
    let blocks: Vec<Block> = func.layout.blocks().collect();
    for &b in &blocks {
        for i in func.layout.block_insts(b) {
            let d = func.dfg.inst(i);
            let root = match d.kind {
                InstKind::Call(_) => !removable_calls[i],
                _ => d.has_side_effects(),
            };
            if root {
                live.set(i, true);
                work.push(i);
            }
        }
    }
    while let Some(i) = work.pop() {
        for &a in func.dfg.args(i) {
            if let Some(def) = func.dfg.value_inst(a) {
                if !live[def] {
                    live.set(def, true);
                    work.push(def);
                }
            }
        }
    }
    let mut dead = Vec::new();
    for &b in &blocks {
        for i in func.layout.block_insts(b) {
            if !live[i] {
                dead.push(i);
            }
        }
    }
    if dead.is_empty() {
        return false;
    }
    // Drop all operands first so dead cycles release each other, then unlink.
    for &i in &dead {
        func.dfg.clear_args(i);
    }
    for &i in &dead {
        func.remove_inst(i);
    }
    true
}
