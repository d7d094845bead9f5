//! `structured-layout`: lays a function's blocks out in reverse post-order, a conditional branch's true
//! successor placed right after it.
//!
//! Seed: none (block placement; seed 003 leaves layout to the back end). Runs after `structurizecfg` in the
//! structurized pipeline. The structurizer inserts each `Flow` block in front of the next node of its order, but
//! leaves the original blocks where they were; when its order reverses a diamond's arms (`S: br c, Else, Flow`,
//! `Else → Flow`, `Flow: br c', Then, M`), the original layout `S, Flow, Then, Else, M` costs a jump from `Then`
//! over `Else` and one from `Else` back to `Flow` every time the diamond runs. Reverse post-order places every
//! structured `if` as `S, Body, Flow`: a body falls into its `Flow` block and the `Flow` block into what
//! follows, because in a structured CFG the `Flow` block is reachable from the body (so it is finished first in
//! the depth-first search whichever successor is visited first). Successors are visited false side first so
//! that, between two independent successors, the true side comes next (clang's `then` after the branch).
//!
//! Invariants: only the block order changes (no instruction, edge or phi); the entry stays first; blocks
//! unreachable from the entry keep their relative order at the end. Linear (iterative depth-first search).
//! Preserves the CFG as a graph, but analyses index blocks in layout order, so it declares nothing preserved.

use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use rustc_hash::FxHashSet;
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::*;
use smallvec::SmallVec;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "structured-layout",
    description: "lay blocks out in reverse post-order so structured bodies fall into their Flow blocks",
    preserves: Preserves::Nothing,
    create: || Box::new(FunctionPassAdapter(StructuredLayout)),
    function: None,
};

/// The pass.
pub struct StructuredLayout;

impl FunctionPass for StructuredLayout {
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
        Ok(layout_rpo(&mut m.funcs[f]))
    }
}

/// Lays `func` out in reverse post-order (see the module documentation); returns whether the order changed.
pub fn layout_rpo(func: &mut Function) -> bool {
    let Some(entry) = func.entry() else { return false };
    // Successors in visiting order: false side first.
    let succs_of = |func: &Function, b: Block| -> SmallVec<[Block; 2]> {
        let mut v = func.successors(b);
        v.reverse();
        v
    };
    let mut seen: FxHashSet<Block> = FxHashSet::default();
    let mut post: Vec<Block> = Vec::with_capacity(func.layout.num_blocks());
    seen.insert(entry);
    let mut stack: Vec<(Block, SmallVec<[Block; 2]>, usize)> = vec![(entry, succs_of(func, entry), 0)];
    while let Some(top) = stack.last_mut() {
        if let Some(&s) = top.1.get(top.2) {
            top.2 += 1;
            if seen.insert(s) {
                let ss = succs_of(func, s);
                stack.push((s, ss, 0));
            }
        } else {
            post.push(top.0);
            stack.pop();
        }
    }
    post.reverse();
    post.extend(func.layout.blocks().filter(|b| !seen.contains(b)));
    if post.iter().copied().eq(func.layout.blocks()) {
        return false;
    }
    func.layout.set_block_order(&post);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diamond_body_falls_into_flow() {
        let src = "define void @f(i1 %c, i1 %d) {\nS:\n  br i1 %c, label %Flow, label %Else\nThen:\n  br label %M\nElse:\n  br label %Flow\nFlow:\n  br i1 %d, label %Then, label %M\nM:\n  ret void\n}\n";
        let mut m = simtc_llvm_reader::parse_module(src).expect("parses");
        let f = m.funcs.keys().next().expect("a function");
        assert!(layout_rpo(&mut m.funcs[f]));
        let func = &m.funcs[f];
        let names: Vec<String> = func.layout.blocks().map(|b| func.block_label(b)).collect();
        assert_eq!(names, ["%S", "%Else", "%Flow", "%Then", "%M"]);
        assert!(!layout_rpo(&mut m.funcs[f]), "a second run changes nothing");
    }
}
