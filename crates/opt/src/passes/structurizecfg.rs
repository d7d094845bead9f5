//! `structurizecfg`: cicc's StructurizeCFG (seed 003) — reducible control flow in, structured control flow out.
//!
//! # What it does
//! Every conditional branch of a structurized function is turned into the "if-then" shape the seed's PTX
//! Structured Control Flow Contract asks for: one side enters a body, the other side goes straight to the body's
//! reconvergence point, a block named `Flow` whose `i1` phi records which path each thread took and whose
//! conditional branch decides where the thread goes next. Loops get one back edge, from a loop `Flow` block whose
//! condition is **true to leave the loop and false to take the back edge** (the seed's inverted convention).
//!
//! # Algorithm (upstream LLVM's `StructurizeCFG.cpp`, run per function as cicc does; ARCHITECTURE §5)
//! 1. **Gate** (seed "Entry Gate"): single-block functions are left alone; the knob `enable-shrink-wrap` = 2 skips
//!    every function, = 1 forces structurization; with 0, functions carrying `optnone` or `nodivergencesource` are
//!    exempt. The seed guesses that attribute ids 56/63/59/64/57 are convergent, nodivergencesource, nounwind,
//!    alwaysinline and optnone; skipping every `nounwind` or `convergent` function would skip every CUDA kernel, so
//!    simtc keeps only the two attributes that actually promise no divergence or no optimisation.
//! 2. **Irreducible CFGs are rejected** with the seed's remark `UnsupportedIrreducibleCFG: Irreducible CFGs are not
//!    supported yet.` naming the cycle's entry blocks; the pass fails (exit 1) unless the knob
//!    `structurizecfg-allow-irreducible` is set, in which case the remark is printed and the function is left
//!    unstructured. Switches must have been lowered (`lower-switch`) and the function must have one exit block
//!    (`unify-exits`); otherwise the pass fails with a message saying which pass to run.
//! 3. **Regions, bottom-up.** The SESE region tree (`simtc_analysis::RegionInfo`) is walked innermost first; each
//!    region is structurized with its child regions as opaque nodes (already structured, reached and left through
//!    one edge each), as upstream's RegionPass does; the top-level region's exit is the function's unique exit
//!    block. With `structurizecfg-skip-uniform-regions`, regions are first classified by upstream's
//!    `hasOnlyUniformBranches` (with `structurizecfg-relaxed-uniform-regions`: a region stays uniform despite a
//!    non-uniform child region when it has at most one conditional direct child); uniform regions are left as they
//!    are and their direct branches tagged `!structurizecfg.uniform` (their non-uniform children are still
//!    structured). cicc's NVPTX copy walks the function without a region tree (seed 003); the region walk gives the
//!    same Flow placement for nested SESE regions and is what keeps sequential regions from nesting each other's
//!    Flow chains.
//! 4. **Order** (`orderNodes`): reverse post-order by repeated SCC decomposition — the SCCs of the region's node
//!    graph in topological order, each multi-node SCC re-ordered recursively without its header's incoming back
//!    edges, so a loop's blocks are contiguous and inner loops are contiguous inside it.
//! 5. **Predicates** (`collectInfos`): for every node, the condition of each forward edge into it (`Pred`) and of
//!    each back edge (`LPred`, inverted: true = the edge is *not* taken), and for every loop header the last node
//!    with a back edge to it.
//! 6. **Flow** (`createFlow`/`handleLoops`/`wireFlow`/`needPrefix`/`needPostfix`): nodes are wired in order; a node
//!    every thread reaches unconditionally continues the previous one, any other one gets a `Flow` block in front
//!    (`br %cond, %node, %next`); nodes dominated by it join its body until the body's predicates end; loops get a
//!    `Flow` block at their end with `br %cond, %next, %loopstart`.
//! 7. **Conditions and phis**: the branch conditions of `Flow` blocks are built as `i1` phis by an SSA updater
//!    from the predicates (default false, loops default true), and phis of blocks whose predecessors changed are
//!    rebuilt from the values the old edges carried (undef where no thread can arrive). Values whose definition no
//!    longer dominates a use (a value of a loop body used after the loop) are repaired by the same SSA updater.
//!
//! # Upstream bugs avoided (ARCHITECTURE §5)
//! - *Poison for loop-carried values updated on only one back edge* (llvm#210695): a header phi's back-edge values
//!   are rebuilt per edge with the value each latch carried; the header itself is a definition point only for the
//!   values it defines, never a blanket `undef` that could reach a latch through the loop.
//! - *Stale loop predicates after back edges move* (PR#217737): when the loop start is a new `Flow` block in front
//!   of the header, the loop condition is looked up by the header (not by the moved loop start), and the loop-start
//!   `Flow`'s own condition also gets `true` from the loop-end block, so threads that take the back edge re-enter
//!   the header.
//! - *`br i1 false` diamonds* (#126534): constant conditions are predicates like any other (inverted by folding),
//!   and a never-taken side is still wired; nothing assumes a branch condition is an instruction.
//!
//! # Output invariants (checked by `simtc_analysis::structured`)
//! Every `Flow` block holds only phis and a branch; a conditional one branches on an `i1` phi of its own. Every
//! conditional branch in a structurized region has its immediate post-dominator as a successor. Every loop of a
//! structurized region has a single latch, which is its only exiting block.
//!
//! # Cost
//! Per region: ordering is O(size · loop depth); predicates and wiring are linear apart from dominance queries,
//! which are O(1) on the original dominator tree plus a walk over the chain of `Flow` blocks created in front of a
//! node; the SSA updater uses dominators of the region's own blocks and walks only below the nearest common
//! dominator of a query's definitions. Over the region tree the total is the sum of region sizes, linear for
//! bounded nesting (measured in `doc/structurize.md`: 1k/10k/100k blocks in 5.6/42/611 ms).
//!
//! Not done: cicc's reconvergence head/tail metadata on the function (seed 003, offsets +672/+680) is not written
//! into the IR; `simtc_analysis::structured::reconvergence_points` derives the same pairs from the structured
//! CFG for printers and profilers.

use super::util::*;
use crate::knobs::Knobs;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_analysis::cache::FunctionAnalyses;
use simtc_analysis::dominators::DomTree;
use simtc_analysis::{find_irreducible, Cfg, DiGraph, DominatorTree, RegionId, RegionNode};
use simtc_ir::*;
use smallvec::SmallVec;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "structurizecfg",
    description: "insert Flow blocks so every divergent branch reconverges at its post-dominator (seed 003)",
    preserves: Preserves::Nothing,
    create: || Box::new(FunctionPassAdapter(StructurizeCfg)),
    function: None,
};

/// The name of the blocks the pass creates.
pub const FLOW_NAME: &str = "Flow";
/// The metadata kind on branches left unstructured because they are uniform.
pub const UNIFORM_MD: &str = "structurizecfg.uniform";

/// The pass.
pub struct StructurizeCfg;

impl FunctionPass for StructurizeCfg {
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
        structurize_function(m, f, analyses, knobs, remarks)
    }
}

/// Structurizes function `f` (see the module documentation); returns whether it changed.
pub fn structurize_function(
    m: &mut Module,
    f: FuncId,
    analyses: &mut FunctionAnalyses,
    knobs: &Knobs,
    remarks: &mut Vec<String>,
) -> Result<bool, String> {
    let shrink = knobs.int("enable-shrink-wrap");
    {
        let func = &m.funcs[f];
        if func.layout.num_blocks() <= 1 || shrink == 2 {
            return Ok(false);
        }
        if shrink == 0 && (func.attrs.has("optnone") || func.attrs.has("nodivergencesource")) {
            return Ok(false);
        }
    }
    let mut changed = super::dce::remove_unreachable_blocks(&mut m.funcs[f]);
    if changed {
        analyses.invalidate(simtc_analysis::Preserved::Nothing);
    }
    let fname = m.funcs[f].name.clone();
    let func = &m.funcs[f];
    for b in func.layout.blocks() {
        if let Some(t) = func.terminator(b) {
            if matches!(func.dfg.inst(t).kind, InstKind::Switch { .. }) {
                return Err(format!(
                    "structurizecfg: @{fname}: block {} ends in a switch; run lower-switch first",
                    func.block_label(b)
                ));
            }
        }
    }
    let irr = find_irreducible(analyses.cfg(func), analyses.domtree(func));
    if let Some(c) = irr.first() {
        let names: Vec<String> = c.entries.iter().map(|&b| func.block_label(b)).collect();
        let msg = format!(
            "remark: UnsupportedIrreducibleCFG: Irreducible CFGs are not supported yet. (function @{fname}: cycle entered at {})",
            names.join(", ")
        );
        if knobs.bool("structurizecfg-allow-irreducible") {
            remarks.push(msg);
            return Ok(changed);
        }
        return Err(msg);
    }
    let exits: Vec<Block> = analyses.cfg(func).exits();
    if exits.len() != 1 {
        return Err(format!(
            "structurizecfg: @{fname} has {} exit blocks (blocks without successors); run unify-exits first",
            exits.len()
        ));
    }
    let exit = exits[0];
    let skip = knobs.bool("structurizecfg-skip-uniform-regions");
    let relaxed = knobs.bool("structurizecfg-relaxed-uniform-regions");
    let orig_cfg = analyses.cfg(func).clone();
    let orig_dt = analyses.domtree(func).clone();
    let ri = analyses.regions(func).clone();
    // Regions innermost first (children before parents).
    let mut ids: Vec<RegionId> = ri.regions().collect();
    ids.sort_by_key(|&r| std::cmp::Reverse(ri.depth(r)));
    let mut skipped = vec![false; ri.len()];
    let mut tag: Vec<Inst> = Vec::new();
    if skip {
        let uni = analyses.uniformity(m, f);
        let func = &m.funcs[f];
        let cond = |b: Block| func.terminator(b).filter(|&t| matches!(func.dfg.inst(t).kind, InstKind::CondBr { .. }));
        for &r in &ids {
            // Upstream's hasOnlyUniformBranches, with the relaxed rule of seed 003.
            let els = ri.elements(r);
            let mut ok = true;
            let mut cond_children = 0;
            for e in &els {
                if let RegionNode::Block(b) = e {
                    if cond(*b).is_some() {
                        ok &= !uni.is_divergent_branch(*b);
                        cond_children += 1;
                    }
                }
            }
            for e in &els {
                if let RegionNode::Region(c) = e {
                    if cond(ri.entry(*c)).is_some() && !skipped[c.index()] && (!relaxed || cond_children > 1) {
                        ok = false;
                    }
                }
            }
            skipped[r.index()] = ok;
            if ok {
                tag.extend(els.iter().filter_map(|e| match e {
                    RegionNode::Block(b) => cond(*b),
                    RegionNode::Region(_) => None,
                }));
            }
        }
    }
    let Module { funcs, consts, metadata, .. } = m;
    let func = &mut funcs[f];
    if !tag.is_empty() {
        let kind = metadata.kind(UNIFORM_MD);
        let empty = metadata.push(MdNode::Tuple { distinct: false, ops: Vec::new() });
        for t in tag {
            func.dfg.set_inst_md(t, kind, empty);
        }
        changed = true;
    }
    let preds = Preds::compute(func);
    let mut cx =
        Cx { func, consts, preds, orig_cfg, orig_dt, flow_dom: FxHashMap::default(), not_cache: FxHashMap::default() };
    // Every block of each finished region (its flows included), for the opaque nodes of its parent.
    let mut final_blocks: Vec<Vec<Block>> = vec![Vec::new(); ri.len()];
    for &r in &ids {
        let mut nodes = Vec::new();
        let mut members = Vec::new();
        let mut all: Vec<Block> = Vec::new();
        for e in ri.elements(r) {
            match e {
                RegionNode::Block(b) => {
                    all.push(b);
                    if b != exit || ri.exit(r).is_some() {
                        nodes.push(Node { entry: b, sub: None });
                    }
                }
                RegionNode::Region(c) => {
                    let inner = std::mem::take(&mut final_blocks[c.index()]);
                    all.extend_from_slice(&inner);
                    members.push((nodes.len(), inner));
                    nodes.push(Node { entry: ri.entry(c), sub: ri.exit(c) });
                }
            }
        }
        if !skipped[r.index()] {
            let spec = RunSpec { entry: ri.entry(r), exit: ri.exit(r).unwrap_or(exit), nodes, members };
            let (ch, created) = cx.run(spec);
            changed |= ch;
            all.extend(created);
        }
        final_blocks[r.index()] = all;
    }
    Ok(changed)
}

/// A node of a region run: a block, or an opaque (uniform, skipped) child region.
#[derive(Clone, Debug)]
struct Node {
    entry: Block,
    /// For a child region: its exit block.
    sub: Option<Block>,
}

/// What one structurization run covers.
struct RunSpec {
    entry: Block,
    exit: Block,
    nodes: Vec<Node>,
    /// For each opaque node (by index), the blocks inside it.
    members: Vec<(usize, Vec<Block>)>,
}

struct Cx<'a> {
    func: &'a mut Function,
    consts: &'a mut ConstPool,
    preds: Preds,
    orig_cfg: Cfg,
    orig_dt: DominatorTree,
    /// The block each `Flow` block was created under (a dominator of it).
    flow_dom: FxHashMap<Block, Block>,
    not_cache: FxHashMap<Value, Value>,
}

const NONE: u32 = u32::MAX;

type PredMap = SmallVec<[(Block, Value); 2]>;
/// Per phi of a block: the `(predecessor, value)` entries removed when edges moved.
type DeletedPhis = Vec<(Inst, Vec<(Block, Value)>)>;

struct Run {
    nodes: Vec<Node>,
    owner: FxHashMap<Block, u32>,
    order: Vec<usize>,
    visited: FxHashSet<Block>,
    predicates: FxHashMap<Block, PredMap>,
    loop_preds: FxHashMap<Block, PredMap>,
    loops: FxHashMap<Block, Block>,
    prev: Option<usize>,
    deleted: FxHashMap<Block, DeletedPhis>,
    added: Vec<(Block, Block)>,
    conditions: Vec<Inst>,
    loop_conds: Vec<(Inst, Block)>,
    extra_true: Vec<(Block, Block)>,
    exit: Block,
    created: Vec<Block>,
    orig_blocks: Vec<Block>,
}

fn pm_get(m: &PredMap, b: Block) -> Option<Value> {
    m.iter().find(|(x, _)| *x == b).map(|(_, v)| *v)
}
fn pm_set(m: &mut PredMap, b: Block, v: Value) {
    match m.iter_mut().find(|(x, _)| *x == b) {
        Some(e) => e.1 = v,
        None => m.push((b, v)),
    }
}

impl Cx<'_> {
    fn owner(&self, r: &Run, b: Block) -> u32 {
        r.owner.get(&b).copied().unwrap_or(NONE)
    }

    /// Structurizes one region; returns whether it changed and the Flow blocks it created.
    fn run(&mut self, spec: RunSpec) -> (bool, Vec<Block>) {
        let mut r = Run {
            exit: spec.exit,
            nodes: spec.nodes,
            owner: FxHashMap::default(),
            order: Vec::new(),
            visited: FxHashSet::default(),
            predicates: FxHashMap::default(),
            loop_preds: FxHashMap::default(),
            loops: FxHashMap::default(),
            prev: None,
            deleted: FxHashMap::default(),
            added: Vec::new(),
            conditions: Vec::new(),
            loop_conds: Vec::new(),
            extra_true: Vec::new(),
            created: Vec::new(),
            orig_blocks: Vec::new(),
        };
        for (i, n) in r.nodes.iter().enumerate() {
            r.owner.insert(n.entry, i as u32);
            r.orig_blocks.push(n.entry);
        }
        for (i, blocks) in &spec.members {
            for &b in blocks {
                r.owner.insert(b, *i as u32);
                r.orig_blocks.push(b);
            }
        }
        if r.nodes.len() <= 1 {
            return (false, Vec::new());
        }
        let entry_idx = r.owner[&spec.entry] as usize;
        r.order = self.order_nodes(&r, entry_idx);
        self.collect_infos(&mut r);
        self.create_flow(&mut r);
        // Dominators of the region's new CFG (its blocks, Flow blocks and exit) for the SSA updater: local to the
        // region, so the bottom-up walk costs the sum of region sizes, not regions x function.
        let local =
            Local::compute(self.func, spec.entry, r.orig_blocks.iter().chain(r.created.iter()).copied(), r.exit);
        self.set_phi_values(&mut r, &local);
        self.insert_conditions(&mut r, &local, false);
        self.insert_conditions(&mut r, &local, true);
        self.rebuild_ssa(&r, &local, spec.entry);
        (true, r.created)
    }

    fn node_succs(&self, r: &Run, i: usize) -> SmallVec<[usize; 2]> {
        let n = &r.nodes[i];
        let targets: SmallVec<[Block; 2]> = match n.sub {
            Some(x) => smallvec::smallvec![x],
            None => self.func.successors(n.entry),
        };
        let mut out: SmallVec<[usize; 2]> = SmallVec::new();
        for t in targets {
            let o = self.owner(r, t);
            if o != NONE && r.nodes[o as usize].entry == t && !out.contains(&(o as usize)) {
                out.push(o as usize);
            }
        }
        out
    }

    /// Repeated SCC decomposition: returns the nodes in processing order, reversed (the next node is last).
    fn order_nodes(&self, r: &Run, entry: usize) -> Vec<usize> {
        let n = r.nodes.len();
        let succs: Vec<SmallVec<[usize; 2]>> = (0..n).map(|i| self.node_succs(r, i)).collect();
        let mut out = Vec::with_capacity(n);
        let mut member = vec![false; n];
        enum Task {
            Emit(usize),
            Order(usize, Vec<usize>),
        }
        let mut tasks = vec![Task::Order(entry, (0..n).collect())];
        let mut index = vec![u32::MAX; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        while let Some(t) = tasks.pop() {
            let (start, set) = match t {
                Task::Emit(x) => {
                    out.push(x);
                    continue;
                }
                Task::Order(s, set) => (s, set),
            };
            for &x in &set {
                member[x] = true;
                index[x] = u32::MAX;
                on_stack[x] = false;
            }
            // Iterative Tarjan from `start`, ignoring edges into `start`.
            let mut sccs: Vec<Vec<usize>> = Vec::new();
            let mut stack: Vec<usize> = Vec::new();
            let mut call: Vec<(usize, usize)> = vec![(start, 0)];
            let mut counter = 0u32;
            index[start] = counter;
            low[start] = counter;
            counter += 1;
            stack.push(start);
            on_stack[start] = true;
            while let Some(&mut (v, ref mut k)) = call.last_mut() {
                if *k < succs[v].len() {
                    let w = succs[v][*k];
                    *k += 1;
                    if !member[w] || w == start {
                        continue;
                    }
                    if index[w] == u32::MAX {
                        index[w] = counter;
                        low[w] = counter;
                        counter += 1;
                        stack.push(w);
                        on_stack[w] = true;
                        call.push((w, 0));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                } else {
                    call.pop();
                    if let Some(&(p, _)) = call.last() {
                        low[p] = low[p].min(low[v]);
                    }
                    if low[v] == index[v] {
                        let mut scc = Vec::new();
                        loop {
                            let w = stack.pop().expect("tarjan stack");
                            on_stack[w] = false;
                            scc.push(w);
                            if w == v {
                                break;
                            }
                        }
                        // The root (first visited, the header of a reducible loop) first.
                        scc.reverse();
                        sccs.push(scc);
                    }
                }
            }
            for &x in &set {
                member[x] = false;
            }
            // `sccs` is in reverse topological order: push so the first SCC is popped first.
            for scc in sccs {
                if scc.len() == 1 {
                    tasks.push(Task::Emit(scc[0]));
                } else {
                    let h = scc[0];
                    tasks.push(Task::Order(h, scc));
                }
            }
        }
        out.reverse();
        out
    }

    fn is_true(&self, v: Value) -> bool {
        const_bool(self.consts, self.func, v) == Some(true)
    }

    fn bool_val(&mut self, b: bool) -> Value {
        bool_value(self.consts, self.func, b)
    }

    fn invert(&mut self, c: Value) -> Value {
        if let Some(b) = const_bool(self.consts, self.func, c) {
            return self.bool_val(!b);
        }
        if let Some(i) = self.func.dfg.value_inst(c) {
            let d = self.func.dfg.inst(i);
            if matches!(d.kind, InstKind::Binary(BinaryOp::Xor)) && self.is_true(d.args[1]) {
                return d.args[0];
            }
        }
        if let Some(&v) = self.not_cache.get(&c) {
            return v;
        }
        let t = self.bool_val(true);
        let block = match self.func.dfg.value_inst(c).and_then(|i| self.func.layout.inst_block(i)) {
            Some(b) => b,
            None => self.func.entry().expect("entry"),
        };
        let data = InstData::new(InstKind::Binary(BinaryOp::Xor), &[c, t], Type::I1);
        let i = self.func.dfg.make_inst(data, Type::VOID);
        match self.func.terminator(block) {
            Some(term) => self.func.layout.insert_inst_before(i, term),
            None => self.func.layout.append_inst(i, block),
        }
        let v = self.func.dfg.result(i).expect("xor result");
        if let Some(n) = self.func.dfg.value_name(c).map(|s| format!("{s}.inv")) {
            self.func.dfg.set_value_name(v, Some(&n));
        }
        self.not_cache.insert(c, v);
        v
    }

    fn build_condition(&mut self, p: Block, idx: usize, invert: bool) -> Value {
        let t = self.func.terminator(p).expect("terminator");
        match self.func.dfg.inst(t).kind {
            InstKind::CondBr { .. } => {
                let c = self.func.dfg.args(t)[0];
                if (idx == 1) != invert {
                    self.invert(c)
                } else {
                    c
                }
            }
            _ => self.bool_val(!invert),
        }
    }

    fn collect_infos(&mut self, r: &mut Run) {
        for k in (0..r.order.len()).rev() {
            let ni = r.order[k];
            self.gather_predicates(r, ni);
            let entry = r.nodes[ni].entry;
            r.visited.insert(entry);
            // analyzeLoops
            match r.nodes[ni].sub {
                Some(x) => {
                    if r.visited.contains(&x) {
                        r.loops.insert(x, entry);
                    }
                }
                None => {
                    for s in self.func.successors(entry) {
                        if r.visited.contains(&s) {
                            r.loops.insert(s, entry);
                        }
                    }
                }
            }
        }
    }

    fn gather_predicates(&mut self, r: &mut Run, ni: usize) {
        let bb = r.nodes[ni].entry;
        let mut pred = r.predicates.remove(&bb).unwrap_or_default();
        let mut lpred = r.loop_preds.remove(&bb).unwrap_or_default();
        for p in self.preds.distinct(bb) {
            let o = self.owner(r, p);
            if o == NONE {
                continue;
            }
            if r.nodes[o as usize].sub.is_none() {
                let succs = self.func.successors(p);
                for (i, &s) in succs.iter().enumerate() {
                    if s != bb {
                        continue;
                    }
                    if r.visited.contains(&p) {
                        if succs.len() == 2 {
                            let other = succs[1 - i];
                            if other != bb
                                && r.visited.contains(&other)
                                && !r.loops.contains_key(&other)
                                && pm_get(&pred, other).is_none()
                                && pm_get(&pred, p).is_none()
                            {
                                let f = self.bool_val(false);
                                let t = self.bool_val(true);
                                pm_set(&mut pred, other, f);
                                pm_set(&mut pred, p, t);
                                continue;
                            }
                        }
                        let c = self.build_condition(p, i, false);
                        pm_set(&mut pred, p, c);
                    } else {
                        let c = self.build_condition(p, i, true);
                        pm_set(&mut lpred, p, c);
                    }
                }
            } else {
                if o as usize == ni {
                    continue;
                }
                let e = r.nodes[o as usize].entry;
                if r.visited.contains(&e) {
                    let t = self.bool_val(true);
                    pm_set(&mut pred, e, t);
                } else {
                    let f = self.bool_val(false);
                    pm_set(&mut lpred, e, f);
                }
            }
        }
        r.predicates.insert(bb, pred);
        r.loop_preds.insert(bb, lpred);
    }

    /// Whether `a` dominates `b`: `b` may be a `Flow` block (followed to the block it was created under).
    fn dominates(&self, a: Block, mut b: Block) -> bool {
        loop {
            if a == b {
                return true;
            }
            match self.flow_dom.get(&b) {
                Some(&d) => b = d,
                None => break,
            }
        }
        let (ia, ib) = (self.orig_cfg.index(a), self.orig_cfg.index(b));
        ia != NONE && ib != NONE && self.orig_dt.dominates(a, b)
    }

    fn is_predictable_true(&self, r: &Run, ni: usize) -> bool {
        let Some(prev) = r.prev else { return true };
        let pe = r.nodes[prev].entry;
        let mut dominated = false;
        for &(b, v) in r.predicates.get(&r.nodes[ni].entry).map(|p| p.as_slice()).unwrap_or(&[]) {
            if !self.is_true(v) {
                return false;
            }
            if !dominated && self.dominates(b, pe) {
                dominated = true;
            }
        }
        dominated
    }

    fn dominates_predicates(&self, r: &Run, bb: Block, ni: usize) -> bool {
        r.predicates.get(&r.nodes[ni].entry).map(|p| p.iter().all(|&(b, _)| self.dominates(bb, b))).unwrap_or(true)
    }

    fn create_flow(&mut self, r: &mut Run) {
        let entry_dominates_exit = true;
        r.prev = None;
        r.visited.clear();
        while !r.order.is_empty() {
            self.handle_loops(r, entry_dominates_exit, None);
        }
        if let Some(p) = r.prev {
            let exit = r.exit;
            self.change_exit(r, p, exit);
        }
    }

    fn handle_loops(&mut self, r: &mut Run, exit_use_allowed: bool, loop_end: Option<Block>) -> Option<Block> {
        let ni = *r.order.last().expect("a node");
        let header = r.nodes[ni].entry;
        let Some(&le) = r.loops.get(&header) else {
            self.wire_flow(r, exit_use_allowed, loop_end);
            return loop_end;
        };
        let mut loop_start = header;
        if !self.is_predictable_true(r, ni) {
            loop_start = self.need_prefix(r, true);
        }
        self.wire_flow(r, false, Some(le));
        while !r.visited.contains(&le) {
            if r.order.is_empty() {
                break;
            }
            self.handle_loops(r, false, Some(le));
        }
        let le_flow = self.need_prefix(r, false);
        let next = self.need_postfix(r, le_flow, exit_use_allowed);
        let placeholder = undef_value(self.consts, self.func, Type::I1);
        let br = replace_terminator(self.func, &mut self.preds, le_flow, cond_br(placeholder, next, loop_start));
        r.loop_conds.push((br, header));
        if loop_start != header {
            r.extra_true.push((loop_start, le_flow));
        }
        self.add_phi_values(r, le_flow, loop_start);
        self.set_prev_node(r, next);
        Some(next)
    }

    fn wire_flow(&mut self, r: &mut Run, exit_use_allowed: bool, loop_end: Option<Block>) {
        let ni = r.order.pop().expect("a node");
        let entry = r.nodes[ni].entry;
        r.visited.insert(entry);
        if self.is_predictable_true(r, ni) {
            if let Some(p) = r.prev {
                self.change_exit(r, p, entry);
            }
            r.prev = Some(ni);
            return;
        }
        let flow = self.need_prefix(r, false);
        let next = self.need_postfix(r, flow, exit_use_allowed);
        let placeholder = undef_value(self.consts, self.func, Type::I1);
        let br = replace_terminator(self.func, &mut self.preds, flow, cond_br(placeholder, entry, next));
        r.conditions.push(br);
        self.add_phi_values(r, flow, entry);
        r.prev = Some(ni);
        while let Some(&nx) = r.order.last() {
            if loop_end.is_some_and(|le| r.visited.contains(&le)) || !self.dominates_predicates(r, entry, nx) {
                break;
            }
            self.handle_loops(r, false, loop_end);
        }
        let p = r.prev.expect("a previous node");
        self.change_exit(r, p, next);
        self.set_prev_node(r, next);
    }

    fn need_prefix(&mut self, r: &mut Run, need_empty: bool) -> Block {
        let p = r.prev.expect("a previous node");
        let entry = r.nodes[p].entry;
        if r.nodes[p].sub.is_none() {
            self.kill_terminator(r, entry);
            // A loop start must be truly empty: a block that still has phis (say, the header of an enclosing loop)
            // would merge the two loops' headers and leave the outer loop with two latches.
            if !need_empty || self.func.layout.first_inst(entry).is_none() {
                return entry;
            }
        }
        let flow = self.new_flow(r, entry);
        self.change_exit(r, p, flow);
        r.prev = Some(r.owner[&flow] as usize);
        flow
    }

    fn need_postfix(&mut self, r: &mut Run, flow: Block, exit_use_allowed: bool) -> Block {
        if !r.order.is_empty() || !exit_use_allowed {
            return self.new_flow(r, flow);
        }
        let exit = r.exit;
        self.add_phi_values(r, flow, exit);
        exit
    }

    fn new_flow(&mut self, r: &mut Run, dominator: Block) -> Block {
        let before = match r.order.last() {
            Some(&n) => r.nodes[n].entry,
            None => r.exit,
        };
        let b = self.func.dfg.make_block(Some(FLOW_NAME));
        if Some(before) == self.func.entry() {
            self.func.layout.append_block(b);
        } else {
            self.func.layout.insert_block_before(b, before);
        }
        self.flow_dom.insert(b, dominator);
        r.owner.insert(b, r.nodes.len() as u32);
        r.nodes.push(Node { entry: b, sub: None });
        r.created.push(b);
        b
    }

    fn set_prev_node(&mut self, r: &mut Run, b: Block) {
        let o = self.owner(r, b);
        r.prev = (o != NONE && r.nodes[o as usize].entry == b).then_some(o as usize);
    }

    fn kill_terminator(&mut self, r: &mut Run, b: Block) {
        let Some(t) = self.func.terminator(b) else { return };
        let mut succs = self.func.successors(b);
        for &s in &succs {
            self.preds.remove_edge(b, s);
        }
        succs.sort();
        succs.dedup();
        for s in succs {
            self.del_phi_values(r, b, s);
        }
        self.func.remove_inst(t);
    }

    fn change_exit(&mut self, r: &mut Run, ni: usize, new_exit: Block) {
        match r.nodes[ni].sub {
            Some(old) => {
                for bb in self.preds.distinct(old) {
                    if self.owner(r, bb) != ni as u32 {
                        continue;
                    }
                    self.del_phi_values(r, bb, old);
                    let t = self.func.terminator(bb).expect("terminator");
                    let n = self.func.successors(bb).iter().filter(|&&s| s == old).count();
                    super::simplifycfg::redirect(self.func, t, old, new_exit);
                    for _ in 0..n {
                        self.preds.remove_edge(bb, old);
                        self.preds.add_edge(bb, new_exit);
                        self.add_phi_values(r, bb, new_exit);
                    }
                }
                r.nodes[ni].sub = Some(new_exit);
            }
            None => {
                let b = r.nodes[ni].entry;
                self.kill_terminator(r, b);
                replace_terminator(self.func, &mut self.preds, b, br(new_exit));
                self.add_phi_values(r, b, new_exit);
            }
        }
    }

    fn del_phi_values(&mut self, r: &mut Run, from: Block, to: Block) {
        for phi in phis(self.func, to) {
            if let Some(v) = phi_remove_block(self.func, phi, from) {
                let list = r.deleted.entry(to).or_default();
                match list.iter_mut().find(|(p, _)| *p == phi) {
                    Some((_, l)) => l.push((from, v)),
                    None => list.push((phi, vec![(from, v)])),
                }
            }
        }
    }

    fn add_phi_values(&mut self, r: &mut Run, from: Block, to: Block) {
        for phi in phis(self.func, to) {
            let ty = self.func.dfg.value_ty(self.func.dfg.result(phi).expect("phi"));
            let u = undef_value(self.consts, self.func, ty);
            self.func.dfg.phi_add_incoming(phi, u, from);
        }
        r.added.push((to, from));
    }

    fn set_phi_values(&mut self, r: &mut Run, local: &Local) {
        let mut by_to: Vec<(Block, Vec<Block>)> = Vec::new();
        let mut slot: FxHashMap<Block, usize> = FxHashMap::default();
        for &(to, from) in &r.added {
            let k = *slot.entry(to).or_insert_with(|| {
                by_to.push((to, Vec::new()));
                by_to.len() - 1
            });
            if !by_to[k].1.contains(&from) {
                by_to[k].1.push(from);
            }
        }
        let entry = self.func.entry().expect("entry");
        for (to, froms) in by_to {
            let Some(list) = r.deleted.remove(&to) else { continue };
            for (phi, vals) in list {
                let ty = self.func.dfg.value_ty(self.func.dfg.result(phi).expect("phi"));
                let undef = undef_value(self.consts, self.func, ty);
                let mut ssa = Ssa::new(ty, undef);
                ssa.defs.insert(entry, undef);
                ssa.defs.insert(to, undef);
                let mut ncd = Some(to);
                for &(b, v) in &vals {
                    ssa.defs.insert(b, v);
                    ncd = ncd.and_then(|n| local.nca(n, b));
                }
                if let Some(n) = ncd {
                    if !vals.iter().any(|(b, _)| *b == n) {
                        ssa.defs.insert(n, undef);
                    }
                }
                for &from in &froms {
                    let v = ssa.at_end(self, from);
                    let blocks = self.func.dfg.phi_blocks(phi).to_vec();
                    for (k, b) in blocks.into_iter().enumerate() {
                        if b == from {
                            self.func.dfg.set_arg(phi, k, v);
                        }
                    }
                }
                ssa.finish(self);
            }
        }
    }

    fn insert_conditions(&mut self, r: &mut Run, local: &Local, loops: bool) {
        let entry = self.func.entry().expect("entry");
        let extra: FxHashMap<Block, Block> = r.extra_true.iter().copied().collect();
        let conds: Vec<(Inst, Option<Block>)> = if loops {
            r.loop_conds.iter().map(|&(i, h)| (i, Some(h))).collect()
        } else {
            r.conditions.iter().map(|&i| (i, None)).collect()
        };
        for (term, header) in conds {
            let parent = self.func.layout.inst_block(term).expect("placed");
            let InstKind::CondBr { then_dest, else_dest } = self.func.dfg.inst(term).kind else { continue };
            let default = self.bool_val(loops);
            let mut ssa = Ssa::new(Type::I1, default);
            ssa.defs.insert(entry, default);
            ssa.defs.insert(if loops { else_dest } else { parent }, default);
            let preds: PredMap = if loops {
                r.loop_preds.get(&header.expect("loop header")).cloned().unwrap_or_default()
            } else {
                r.predicates.get(&then_dest).cloned().unwrap_or_default()
            };
            let mut ncd = Some(parent);
            let mut parent_value = None;
            let mut remembered: SmallVec<[Block; 4]> = SmallVec::new();
            for &(b, v) in &preds {
                if b == parent {
                    parent_value = Some(v);
                    break;
                }
                ssa.defs.insert(b, v);
                remembered.push(b);
                ncd = ncd.and_then(|n| local.nca(n, b));
            }
            if !loops {
                if let Some(&le) = extra.get(&parent) {
                    {
                        let t = self.bool_val(true);
                        ssa.defs.insert(le, t);
                        remembered.push(le);
                        ncd = ncd.and_then(|n| local.nca(n, le));
                    }
                }
            }
            let cond = match parent_value {
                Some(v) => v,
                None => {
                    if let Some(n) = ncd {
                        if !remembered.contains(&n) {
                            ssa.defs.insert(n, default);
                        }
                    }
                    if self.flow_dom.contains_key(&parent) {
                        // A Flow block branches on an i1 phi of its own (the seed's contract).
                        let phi = self.func.dfg.make_inst(
                            InstData::new(InstKind::Phi { blocks: Default::default() }, &[], Type::I1),
                            Type::VOID,
                        );
                        self.func.layout.prepend_inst(phi, parent);
                        let pv = self.func.dfg.result(phi).expect("phi");
                        ssa.memo.insert(parent, pv);
                        for p in self.preds.of(parent).to_vec() {
                            let v = ssa.at_end(self, p);
                            self.func.dfg.phi_add_incoming(phi, v, p);
                        }
                        pv
                    } else {
                        ssa.at_entry(self, parent)
                    }
                }
            };
            self.func.dfg.set_arg(term, 0, cond);
            ssa.finish(self);
        }
    }

    /// Repairs uses no longer dominated by their definition (values of a loop body used after the loop).
    fn rebuild_ssa(&mut self, r: &Run, local: &Local, entry: Block) {
        for &b in &r.orig_blocks {
            let insts: Vec<Inst> = self.func.layout.block_insts(b).collect();
            for i in insts {
                let Some(v) = self.func.dfg.result(i) else { continue };
                let mut bad: Vec<Use> = Vec::new();
                for &u in self.func.dfg.uses(v) {
                    let Some(ub) = self.func.layout.inst_block(u.inst) else { continue };
                    let at = if self.func.dfg.inst(u.inst).is_phi() {
                        self.func.dfg.phi_blocks(u.inst)[u.index as usize]
                    } else {
                        ub
                    };
                    if at != b && !local.dominates_or_outside(b, at, r.exit) {
                        bad.push(u);
                    }
                }
                if bad.is_empty() {
                    continue;
                }
                let ty = self.func.dfg.value_ty(v);
                let undef = undef_value(self.consts, self.func, ty);
                let mut ssa = Ssa::new(ty, undef);
                ssa.defs.insert(entry, undef);
                ssa.defs.insert(b, v);
                for u in bad {
                    let nv = if self.func.dfg.inst(u.inst).is_phi() {
                        let pb = self.func.dfg.phi_blocks(u.inst)[u.index as usize];
                        ssa.at_end(self, pb)
                    } else {
                        let ub = self.func.layout.inst_block(u.inst).expect("placed");
                        ssa.at_entry(self, ub)
                    };
                    self.func.dfg.set_arg(u.inst, u.index as usize, nv);
                }
                ssa.finish(self);
            }
        }
    }
}

/// Dominators of one region's blocks (and its exit) after wiring.
struct Local {
    index: FxHashMap<Block, u32>,
    blocks: Vec<Block>,
    tree: DomTree,
}

impl Local {
    fn compute(func: &Function, entry: Block, blocks: impl Iterator<Item = Block>, exit: Block) -> Self {
        let mut index = FxHashMap::default();
        let mut list = Vec::new();
        for b in std::iter::once(entry).chain(blocks).chain(std::iter::once(exit)) {
            index.entry(b).or_insert_with(|| {
                list.push(b);
                (list.len() - 1) as u32
            });
        }
        let mut edges = Vec::new();
        for (i, &b) in list.iter().enumerate() {
            if b == exit {
                continue;
            }
            for s in func.successors(b) {
                if let Some(&j) = index.get(&s) {
                    edges.push((i as u32, j));
                }
            }
        }
        let g = DiGraph::new(list.len(), 0, edges);
        let tree = DomTree::compute(&g);
        Local { index, blocks: list, tree }
    }
    fn nca(&self, a: Block, b: Block) -> Option<Block> {
        let (ia, ib) = (*self.index.get(&a)?, *self.index.get(&b)?);
        self.tree.nca(ia, ib).map(|i| self.blocks[i as usize])
    }
    /// Whether `a` (in the region) dominates `b`; a block outside the region is dominated when `a` dominates the
    /// region's exit (all paths from the region to it pass the exit).
    fn dominates_or_outside(&self, a: Block, b: Block, exit: Block) -> bool {
        let Some(&ia) = self.index.get(&a) else { return true };
        let ib = match self.index.get(&b) {
            Some(&i) => i,
            None => self.index[&exit],
        };
        self.tree.dominates(ia, ib)
    }
}

/// An on-demand SSA updater (Braun et al.'s construction over a finished CFG): values are defined at the end of
/// some blocks; a query walks predecessors, placing phis at joins; trivial phis are folded in [`Ssa::finish`].
struct Ssa {
    ty: Type,
    default: Value,
    defs: FxHashMap<Block, Value>,
    memo: FxHashMap<Block, Value>,
    phis: Vec<Inst>,
}

impl Ssa {
    fn new(ty: Type, default: Value) -> Self {
        Ssa { ty, default, defs: FxHashMap::default(), memo: FxHashMap::default(), phis: Vec::new() }
    }

    fn at_end(&mut self, cx: &mut Cx<'_>, b: Block) -> Value {
        match self.defs.get(&b) {
            Some(&v) => v,
            None => self.at_entry(cx, b),
        }
    }

    fn at_entry(&mut self, cx: &mut Cx<'_>, b: Block) -> Value {
        // Follow single-predecessor chains iteratively.
        let mut chain: Vec<Block> = Vec::new();
        let mut cur = b;
        let v = loop {
            if let Some(&v) = self.memo.get(&cur) {
                break v;
            }
            let ps = cx.preds.distinct(cur);
            match ps.len() {
                0 => break self.default,
                1 => {
                    chain.push(cur);
                    let p = ps[0];
                    if let Some(&v) = self.defs.get(&p) {
                        break v;
                    }
                    if chain.contains(&p) {
                        break self.default;
                    }
                    cur = p;
                }
                _ => {
                    let phi = cx.func.dfg.make_inst(
                        InstData::new(InstKind::Phi { blocks: Default::default() }, &[], self.ty),
                        Type::VOID,
                    );
                    cx.func.layout.prepend_inst(phi, cur);
                    let pv = cx.func.dfg.result(phi).expect("phi");
                    self.memo.insert(cur, pv);
                    self.phis.push(phi);
                    for p in cx.preds.of(cur).to_vec() {
                        let v = self.at_end(cx, p);
                        cx.func.dfg.phi_add_incoming(phi, v, p);
                    }
                    break pv;
                }
            }
        };
        for c in chain {
            self.memo.insert(c, v);
        }
        v
    }

    fn finish(self, cx: &mut Cx<'_>) {
        let mut live: Vec<Inst> = self.phis;
        loop {
            let mut changed = false;
            let mut keep = Vec::with_capacity(live.len());
            for phi in live {
                let r = cx.func.dfg.result(phi).expect("phi");
                let mut same: Option<Value> = None;
                let mut trivial = true;
                for &a in cx.func.dfg.args(phi) {
                    if a == r || Some(a) == same {
                        continue;
                    }
                    if same.is_some() {
                        trivial = false;
                        break;
                    }
                    same = Some(a);
                }
                if trivial {
                    let with = same.unwrap_or(self.default);
                    cx.func.dfg.replace_all_uses(r, with);
                    cx.func.remove_inst(phi);
                    changed = true;
                } else {
                    keep.push(phi);
                }
            }
            live = keep;
            if !changed {
                break;
            }
        }
    }
}
