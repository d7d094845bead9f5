//! Region simplification (seed 001, Definition 4 and Fig. 4(b)): blocks that both sides of a meldable divergent
//! region reach before its exit are split into one copy per side, so that each side becomes a single-entry,
//! single-exit subgraph of its own and the two can be mapped block to block.
//!
//! clang tail-merges identical code at the end of an if/else: in the paper's running example (bitonic sort,
//! Fig. 1) the two swaps `swap(s[tid], s[ixj])` of the `if ((tid & k) == 0)` sides become **one** block `S`
//! reached from both `if (s[ixj] < s[tid])` and `if (s[ixj] > s[tid])`. The region of the divergent branch then
//! has no simple sides: `S` is a second entry of each. A SIMT machine that reconverges at the exit runs `S` twice
//! (once per side, serialized), so splitting it loses nothing, and the split sides are isomorphic if-thens that
//! meld into one compare (a `select` of the two predicates on the divergent condition) and one swap.
//!
//! The transformation, on a region whose `common` blocks (reached from both heads, [`super::detection`]) are
//! known: each common block `X` gets a copy `X'` (same instructions, operands defined in common blocks renamed to
//! their copies, successors that are common blocks renamed likewise, the exit kept); every edge from an
//! `else`-only block or a copy into a common block is redirected to the copy. A phi of `X` keeps its entries from
//! `then`-side predecessors and from common ones; its copy takes the `else`-side ones and, for common
//! predecessors, the copies' entries. Each phi of the exit gets, for every copy edge into it, the value the
//! original edge carried (renamed). Nothing outside reads a value of a common block: such a block never dominates
//! the exit (it would then post-dominate the branch and be the exit itself), so its values reach beyond the
//! region only through the exit's phis.
//!
//! Detection guarantees what this relies on: common blocks are entered from the sides only, the heads are not
//! common, the sides are acyclic and end in `br`. The set of common blocks is closed under successors (short of
//! the exit), since whatever a common block reaches both heads reach.
//!
//! It is only run for a candidate whose melding was already estimated profitable (the estimate maps each common
//! block to itself, which is what the copy will be): the IR grows by the common blocks once, and melding removes
//! both copies again. Cost: linear in the common blocks' instructions and the sides' edges.

use super::detection::Region;
use crate::passes::util;
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_ir::*;

/// The region with the `else` side's copies, the block pairs with every `else`-side common block replaced by its
/// copy, and each common block instruction's copy.
pub type Split = (Region, Vec<(Block, Block)>, FxHashMap<Inst, Inst>);

/// Splits the common blocks of `r` (module doc); `pairs` come from [`super::detection::shape`], where a common
/// block may appear on both sides.
pub fn split_common(func: &mut Function, r: &Region, pairs: &[(Block, Block)]) -> Split {
    if r.common.is_empty() {
        return (r.clone(), pairs.to_vec(), FxHashMap::default());
    }
    let common: FxHashSet<Block> = r.common.iter().copied().collect();
    let then_only: FxHashSet<Block> = r.side_t.iter().copied().filter(|b| !common.contains(b)).collect();
    let mut copy: FxHashMap<Block, Block> = FxHashMap::default();
    let mut after = *r.side_f.last().expect("a side has a head");
    for &x in &r.common {
        let name = func.dfg.block_name(x).map(|n| format!("{n}.split")).unwrap_or_else(|| "darm.split".to_string());
        let nb = func.dfg.make_block(Some(&name));
        func.layout.insert_block_after(nb, after);
        after = nb;
        copy.insert(x, nb);
    }
    // Clone the instructions (phis empty for now), recording the value renaming.
    let mut vmap: FxHashMap<Value, Value> = FxHashMap::default();
    let mut clones: Vec<(Inst, Inst)> = Vec::new();
    for &x in &r.common {
        let insts: Vec<Inst> = func.layout.block_insts(x).collect();
        for i in insts {
            let d = func.dfg.inst(i).clone();
            let data = if d.is_phi() {
                InstData::new(InstKind::Phi { blocks: Default::default() }, &[], d.ty)
            } else {
                let mut nd = d.clone();
                match &mut nd.kind {
                    InstKind::Br { dest } => *dest = copy.get(dest).copied().unwrap_or(*dest),
                    InstKind::CondBr { then_dest, else_dest } => {
                        *then_dest = copy.get(then_dest).copied().unwrap_or(*then_dest);
                        *else_dest = copy.get(else_dest).copied().unwrap_or(*else_dest);
                    }
                    _ => {}
                }
                nd
            };
            let c = func.dfg.make_inst(data, Type::VOID);
            func.layout.append_inst(c, copy[&x]);
            for (k, md) in func.dfg.inst_md(i).to_vec() {
                func.dfg.set_inst_md(c, k, md);
            }
            if let (Some(v), Some(nv)) = (func.dfg.result(i), func.dfg.result(c)) {
                if let Some(n) = func.dfg.value_name(v).map(str::to_string) {
                    if n.parse::<u64>().is_err() {
                        func.dfg.set_value_name(nv, Some(&n));
                    }
                }
                vmap.insert(v, nv);
            }
            clones.push((i, c));
        }
    }
    let rename = |vmap: &FxHashMap<Value, Value>, v: Value| vmap.get(&v).copied().unwrap_or(v);
    // Operands of the copies; the phis split their entries between the original and the copy.
    for &(i, c) in &clones {
        if func.dfg.inst(i).is_phi() {
            let entries: Vec<(Value, Block)> =
                func.dfg.args(i).iter().copied().zip(func.dfg.phi_blocks(i).iter().copied()).collect();
            for (v, p) in entries {
                if common.contains(&p) {
                    func.dfg.phi_add_incoming(c, rename(&vmap, v), copy[&p]);
                } else if !then_only.contains(&p) {
                    // An `else`-only predecessor: its edge now enters the copy.
                    util::phi_remove_block(func, i, p);
                    func.dfg.phi_add_incoming(c, v, p);
                }
            }
        } else {
            let n = func.dfg.args(c).len();
            for k in 0..n {
                let a = func.dfg.args(c)[k];
                if let Some(&na) = vmap.get(&a) {
                    func.dfg.set_arg(c, k, na);
                }
            }
        }
    }
    // `else`-only blocks enter the copies.
    for &b in r.side_f.iter().filter(|b| !common.contains(b)) {
        let t = func.terminator(b).expect("a side block ends in br");
        match func.dfg.kind_mut(t) {
            InstKind::Br { dest } => *dest = copy.get(dest).copied().unwrap_or(*dest),
            InstKind::CondBr { then_dest, else_dest } => {
                *then_dest = copy.get(then_dest).copied().unwrap_or(*then_dest);
                *else_dest = copy.get(else_dest).copied().unwrap_or(*else_dest);
            }
            _ => unreachable!("detection admits br terminators only"),
        }
    }
    // The exit's phis: one entry per copy edge, the original edge's value renamed.
    for phi in util::phis(func, r.exit) {
        let entries: Vec<(Value, Block)> =
            func.dfg.args(phi).iter().copied().zip(func.dfg.phi_blocks(phi).iter().copied()).collect();
        for (v, p) in entries {
            if let Some(&pc) = copy.get(&p) {
                func.dfg.phi_add_incoming(phi, rename(&vmap, v), pc);
            }
        }
    }
    let mut region = r.clone();
    region.side_f = r.side_f.iter().map(|b| copy.get(b).copied().unwrap_or(*b)).collect();
    region.common.clear();
    let pairs = pairs.iter().map(|&(a, b)| (a, copy.get(&b).copied().unwrap_or(b))).collect();
    (region, pairs, clones.into_iter().collect())
}
