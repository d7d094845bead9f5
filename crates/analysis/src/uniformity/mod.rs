//! Uniformity (divergence) analysis for NVPTX: which values are the same for all lanes of a warp.
//!
//! A value is **uniform** when every lane of a warp that executes the same dynamic instance of its definition
//! computes the same value; otherwise it is **divergent**. A conditional branch or switch is divergent when its
//! condition is. The analysis is an optimistic fixed point in the style of LLVM's `GenericUniformityImpl`: every
//! value starts uniform; sources of divergence are marked, and divergence propagates along three kinds of
//! dependence until nothing changes. `doc/uniformity.md` has the soundness arguments and the comparison with LLVM.
//!
//! # Sources of divergence (divergent whatever their operands)
//!
//! * `llvm.nvvm.read.ptx.sreg.tid.*` (thread index), `laneid`, `lanemask.*` (per-lane values);
//! * `clock`, `clock64`, `globaltimer` (lanes that are not converged read them at different times), `smid` and
//!   `warpid` (PTX: they may change during execution, e.g. after preemption), and any special register simtc
//!   does not know;
//! * arguments of functions that are not kernels (`m.is_kernel(f)` false): call sites are not analysed;
//! * loads from local memory (`addrspace(5)`): every thread has its own copy of the same address;
//! * loads through a generic pointer (`addrspace(0)`) that *may point to local memory* (see provenance below);
//! * loads from an address space other than 0, 1, 3, 4, 5, 7, 101;
//! * atomic loads, `atomicrmw`, `cmpxchg` (lanes are serialised: each lane sees a different old value);
//! * `llvm.nvvm.shfl.*` (each lane reads another lane), except the broadcast form below;
//! * `llvm.nvvm.match.any.sync` (a per-lane mask) and `llvm.nvvm.activemask` (not synchronising: lanes that are
//!   not converged may read different masks);
//! * results of calls to anything not listed below as pure or uniform (device functions, unknown intrinsics,
//!   indirect calls) and of inline assembly;
//! * dynamic `alloca`s (not in the entry block, or with a non-constant count): they move the per-thread stack
//!   pointer, so a later `alloca` after a divergent branch differs between lanes.
//!
//! # Uniform whatever the operands
//!
//! * `ctaid.*`, `ntid.*`, `nctaid.*`, `warpsize`, `nsmid`, `nwarpid`, `gridid`, the cluster registers and the
//!   shared-memory size registers: one value per CTA or per grid, and a warp never spans two CTAs;
//! * warp votes `llvm.nvvm.vote.{all,any,uni,ballot}[.sync]`, `llvm.nvvm.redux.sync.*`,
//!   `llvm.nvvm.match.all.sync.*` and the CTA barrier reductions `llvm.nvvm.barrier0.{popc,and,or}`: every
//!   participating lane receives the same result. Uniformity is about the lanes that execute the same dynamic
//!   instance, and these are exactly the lanes that take part in the vote;
//! * constants, global addresses, kernel arguments (every thread receives the same parameters).
//!
//! # Divergent iff an operand is divergent (data dependence)
//!
//! Every other instruction: arithmetic, comparisons, casts, GEPs, `select` (condition included), `phi` (incoming
//! values; see also sync dependence), `extractvalue`, `freeze`, constant-size `alloca`s in the entry block (a frame
//! offset, the same in every thread), pure intrinsics (`llvm.fma`, `smax`, `umin`, `fabs`, `sqrt`, `ctpop`,
//! `minnum`, ... and the NVVM arithmetic families `llvm.nvvm.{fmin,fmax,rsqrt,ex2,...}` and conversions
//! `f2i`-style), `ldg`/`ldu` loads, and plain or `volatile` loads from global (1), shared (3), constant (4),
//! shared::cluster (7) and param (101) memory, or through a generic pointer that cannot point to local memory:
//! one load instruction executed by a converged warp reads each address once for all its lanes, and two lanes
//! observing different values at the same address would need a data race with a concurrent writer.
//! `shfl.sync.idx` whose clamp operand is a constant with segment mask 0 and clamp 31 reads lane `lane & 31` in
//! every lane: its result depends on the mask, lane and clamp operands but not on the (divergent) shuffled value.
//!
//! Stores and void calls have no value; they are reported (for printing) as divergent when an operand is.
//!
//! # Pointer provenance (generic loads)
//!
//! A generic pointer may point to local memory unless it is derived (through GEPs, `bitcast`, `addrspacecast`,
//! `phi`, `select`, `freeze`) only from: kernel pointer arguments (NVPTX passes them as global pointers, LLVM's
//! `NVPTXLowerArgs` relies on the same fact), addresses of globals outside `addrspace(5)`, pointers in address
//! spaces 1/3/4/7/101, `null`/`undef`, and pointers loaded from a kernel's `byval` parameter that is only ever read
//! (those were written by the host). A read-only `byval` kernel parameter is itself the same bytes in every thread.
//! Anything else (`alloca`, casts from `addrspace(5)`, `inttoptr`, pointers loaded from memory, call results,
//! arguments of device functions, written `byval` parameters) may point to local memory.
//!
//! # Sync dependence
//!
//! For every divergent branch, the private `sync` module finds the blocks reachable from two successors by
//! disjoint paths (the join points) with LLVM's label propagation (`GenericSyncDependenceAnalysis`), walked in a
//! cycle-aware reverse post-order in which every cycle is contiguous and its header comes last. Phis at a join
//! are divergent unless all their incoming values, ignoring `undef`/`poison` and the phi itself, are the same
//! value. Exits of a cycle that lanes may reach in different iterations are divergent exits; when such an exit
//! is found at a reducible header it is also an *exit join*: its phis are divergent when they take different
//! values on the edges that lanes diverged by the branch can take (LLVM 19 misses this case, see
//! `exit_phi_with_distinct_constants_is_divergent` in the tests).
//!
//! # Temporal divergence
//!
//! When a cycle has a divergent exit (found above, for the outermost cycle containing the branch but not the
//! exit), lanes leave it in different iterations, so a value defined inside the cycle that is uniform in every
//! iteration may still differ between lanes after the cycle: every **use outside the cycle** of a value defined
//! inside is divergent ([`UniformityInfo::is_divergent_use`]), and the using instruction is marked divergent (as
//! LLVM does). [`UniformityInfo::temporal_divergence`] lists these uses.
//!
//! # Irreducible cycles
//!
//! If the disjoint paths of a divergent branch join inside an irreducible cycle that the branch is outside of, or
//! inside one whose header does not dominate the join (LLVM's "diverged entry" criterion), lanes run through the
//! cycle out of step and the cycle's iterations are not even well defined: the outermost such cycle is *assumed
//! divergent* and every value defined in it is divergent (except the always-uniform operations above). This is
//! LLVM's rule; it is stronger than marking only the phis at the cycle's entries, which would miss values
//! computed inside the cycle from a per-lane iteration count.
//!
//! # Divergent blocks
//!
//! [`UniformityInfo::divergent_blocks`]: blocks reachable from a successor of a divergent branch without passing
//! through its immediate post-dominator — the blocks that may run with only part of the warp active.
//!
//! # Differences from LLVM 19
//!
//! `doc/uniformity.md` has the details and `scripts/compare-uniformity.py` checks the first list on the example
//! kernels. More precise than LLVM 19 (uniform where LLVM says divergent):
//!
//! 1. the uniform special registers (`ctaid`, `ntid`, `nctaid`, `warpsize`, ...): LLVM's NVPTX
//!    `isSourceOfDivergence` makes every call a source;
//! 2. warp votes, `redux.sync`, `match.all.sync`, the `barrier0` reductions;
//! 3. pure intrinsics, NVVM arithmetic and conversions, `ldg`/`ldu`: data dependence;
//! 4. the full-warp broadcast `shfl.sync.idx`;
//! 5. generic loads through pointers that cannot point to local memory, and loads from read-only `byval` kernel
//!    parameters (LLVM: every generic load is divergent);
//! 6. cycles are entered only from reachable blocks (LLVM 19 counts unreachable predecessors as entries, making
//!    natural loops irreducible and then assumed divergent).
//!
//! More conservative (divergent where LLVM 19 says uniform), where LLVM is unsound or simtc assumes less:
//!
//! 1. dynamic `alloca`s are sources;
//! 2. loads from unknown address spaces are sources;
//! 3. exit joins (phis at a divergent cycle exit choosing different values on the edges lanes leave by);
//! 4. temporal divergence reaches the outermost cycle that does not *contain* the exit (LLVM compares depths,
//!    which misses it when the exit is in a sibling cycle).
//!
//! Inside irreducible cycles results depend on the block order and header, which may differ from LLVM's (see
//! `CycleInfo`); either analysis can then be the more precise one.
//!
//! # Cost
//!
//! The data-flow part is linear in the number of uses. Each divergent branch is handled once, by walks confined
//! to the part of the CFG it can influence, in the spirit of LLVM's `DivergencePropagator`:
//!
//! * the label walk visits blocks from the branch until its paths have reconverged (one waiting block left);
//!   blocks without successors that can receive no more labels do not count, and when the only other waiting
//!   block post-dominates the next one and is outside every cycle (an early `return` to a shared exit block),
//!   the outcome is known without walking to it. It is O(size of the loop nest and the region between the
//!   branch and its reconvergence point) per branch, not of the whole function;
//! * the exit-join check walks only the smallest cycle containing the branch and the exit (or the blocks placed
//!   before the exit's outermost cycle when there is none);
//! * temporal divergence scans each cycle with a divergent exit once;
//! * divergent blocks are found by one walk per branch to its immediate post-dominator that stops at blocks an
//!   earlier walk to the same post-dominator already covered.
//!
//! On the generated benchmark CFGs (`benches/scaling.rs`) the whole analysis executes 10.0x the instructions at
//! 100k blocks that it does at 10k. Pathological CFGs (many divergent branches whose paths reconverge only
//! far away, where neither shortcut applies) can still cost O(B · (V + E)) for B divergent branches, as in LLVM. Printing renders the function once (not once per instruction).

mod print;
mod rules;
mod sync;
#[cfg(test)]
mod tests;

pub use print::{print, print_module};
pub use rules::Source;

use crate::cfg::Cfg;
use crate::cycles::{CycleId, CycleInfo};
use crate::dominators::{DominatorTree, PostDominatorTree};
use rules::Rule;
use rustc_hash::FxHashSet;
use simtc_ir::{Block, FuncId, Function, Inst, InstKind, Module, Value, ValueDef};

/// Why a value (or a branch) is divergent: one step of a reason chain.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A source of divergence.
    Source(Source),
    /// Data dependence: this operand is divergent.
    Operand(Value),
    /// A phi at `join`, a block reached by disjoint paths from the divergent branch ending `branch`.
    SyncJoin {
        /// Block of the divergent branch.
        branch: Block,
        /// The join block.
        join: Block,
    },
    /// Temporal divergence: the operand `def` is defined inside the cycle with header `header`, which has a
    /// divergent exit because of the divergent branch ending `branch`, and it is used outside that cycle.
    Temporal {
        /// The value defined inside the cycle.
        def: Value,
        /// Header of the cycle.
        header: Block,
        /// Block of the divergent branch inside the cycle.
        branch: Block,
    },
    /// Defined inside the irreducible cycle with header `header`, entered divergently by the branch ending
    /// `branch`: the cycle is assumed divergent.
    IrreducibleCycle {
        /// Header of the cycle.
        header: Block,
        /// Block of the divergent branch.
        branch: Block,
    },
}

/// A cycle reported by the analysis (with a divergent exit, or assumed divergent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleRecord {
    /// The header.
    pub header: Block,
    /// Entries, header first.
    pub entries: Vec<Block>,
    /// All blocks (header first).
    pub blocks: Vec<Block>,
    /// Nesting depth (1 = outermost).
    pub depth: u32,
    /// The divergent branch that made it so.
    pub branch: Block,
}

/// One temporally divergent use: `user` (outside the cycle) uses `def` (defined inside the cycle with `header`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TemporalUse {
    /// The value defined inside the cycle.
    pub def: Value,
    /// The instruction outside the cycle that uses it.
    pub user: Inst,
    /// Header of the cycle with the divergent exit.
    pub header: Block,
    /// The divergent branch inside the cycle.
    pub branch: Block,
}

/// Uniformity of every value and branch of one function (see the module documentation for the rules).
#[derive(Clone, Debug)]
pub struct UniformityInfo {
    func: FuncId,
    /// Reason of each divergent value (`None` = uniform), indexed by `Value`.
    value_reason: Vec<Option<Reason>>,
    /// Reason of each divergent result-less instruction (stores, void calls), indexed by `Inst`.
    void_reason: Vec<Option<Reason>>,
    /// Reason of each divergent terminator, indexed by `Block`: conditional branches and switches with a divergent
    /// condition, and (for printing, as LLVM does) `ret` of a divergent value.
    term_reason: Vec<Option<Reason>>,
    /// Divergent conditional branches and switches, in discovery order.
    branches: Vec<Block>,
    is_branch: Vec<bool>,
    block_div: Vec<bool>,
    exit_cycles: Vec<CycleRecord>,
    assumed: Vec<CycleRecord>,
    temporal: Vec<TemporalUse>,
    temporal_set: FxHashSet<(Value, Inst)>,
}

impl UniformityInfo {
    /// Computes the uniformity of function `f` (its CFG, dominator trees and cycles are computed here).
    pub fn compute(m: &Module, f: FuncId) -> Self {
        let func = &m.funcs[f];
        let cfg = Cfg::compute(func);
        let dt = DominatorTree::compute(&cfg);
        let pdt = PostDominatorTree::compute(&cfg);
        let cycles = CycleInfo::compute(&cfg, &dt);
        Self::compute_with(m, f, &cfg, &dt, &pdt, &cycles)
    }

    /// Computes the uniformity of `f` from analyses already computed for its current body.
    pub fn compute_with(
        m: &Module,
        f: FuncId,
        cfg: &Cfg,
        dt: &DominatorTree,
        pdt: &PostDominatorTree,
        cycles: &CycleInfo,
    ) -> Self {
        Self::compute_impl(m, f, cfg, dt, pdt, cycles, false)
    }

    /// The analysis without the walk shortcuts that keep it linear (exit-join walks over everything reachable,
    /// label walks that stop only at one waiting block, divergent-block walks that re-walk shared regions): the
    /// reference that the tests compare the fast version with.
    #[cfg(test)]
    pub(crate) fn compute_reference(m: &Module, f: FuncId) -> Self {
        let func = &m.funcs[f];
        let cfg = Cfg::compute(func);
        let dt = DominatorTree::compute(&cfg);
        let pdt = PostDominatorTree::compute(&cfg);
        let cycles = CycleInfo::compute(&cfg, &dt);
        Self::compute_impl(m, f, &cfg, &dt, &pdt, &cycles, true)
    }

    fn compute_impl(
        m: &Module,
        f: FuncId,
        cfg: &Cfg,
        dt: &DominatorTree,
        pdt: &PostDominatorTree,
        cycles: &CycleInfo,
        reference: bool,
    ) -> Self {
        let func = &m.funcs[f];
        let info = UniformityInfo {
            func: f,
            value_reason: vec![None; func.dfg.num_values()],
            void_reason: vec![None; func.dfg.num_insts()],
            term_reason: vec![None; func.dfg.num_blocks()],
            branches: Vec::new(),
            is_branch: vec![false; func.dfg.num_blocks()],
            block_div: vec![false; func.dfg.num_blocks()],
            exit_cycles: Vec::new(),
            assumed: Vec::new(),
            temporal: Vec::new(),
            temporal_set: FxHashSet::default(),
        };
        if func.is_declaration() {
            return info;
        }
        let prov = rules::Provenance::compute(m, f);
        let rules = rules::rules(m, func, &prov);
        let mut e = Engine {
            m,
            func,
            cfg,
            dt,
            pdt,
            cycles,
            rules,
            info,
            work: Vec::new(),
            sync: sync::SyncCtx::new(cfg, cycles, !reference),
            exit_seen: vec![false; cycles.len()],
            assumed: Vec::new(),
            scratch: Scratch::new(cfg.len()),
            reference,
        };
        e.run(m.is_kernel(f));
        e.info
    }

    /// The function this was computed for.
    pub fn func(&self) -> FuncId {
        self.func
    }

    /// Whether `v` is divergent at its definition. Constants, globals and metadata are uniform.
    pub fn is_divergent(&self, v: Value) -> bool {
        self.reason(v).is_some()
    }

    /// Whether `v` is uniform at its definition.
    pub fn is_uniform(&self, v: Value) -> bool {
        !self.is_divergent(v)
    }

    /// Whether the use of `v` by `user` sees a divergent value: `v` is divergent, or `user` is outside a cycle
    /// with a divergent exit in which `v` is defined (temporal divergence).
    pub fn is_divergent_use(&self, v: Value, user: Inst) -> bool {
        self.is_divergent(v) || self.temporal_set.contains(&(v, user))
    }

    /// Whether instruction `i` is divergent: its result, or for result-less instructions an operand (stores, void
    /// calls) or, for terminators, the branch condition / returned value.
    pub fn is_divergent_inst(&self, func: &Function, i: Inst) -> bool {
        if let Some(v) = func.dfg.result(i) {
            return self.is_divergent(v);
        }
        if func.dfg.inst(i).is_terminator() {
            return func.layout.inst_block(i).is_some_and(|b| self.term_reason[b.as_u32() as usize].is_some());
        }
        self.void_reason.get(i.as_u32() as usize).copied().flatten().is_some()
    }

    /// Whether the terminator of `b` is a conditional branch or switch with a divergent condition.
    pub fn is_divergent_branch(&self, b: Block) -> bool {
        self.is_branch.get(b.as_u32() as usize).copied().unwrap_or(false)
    }

    /// Why the terminator of `b` is divergent (its condition, or a temporally divergent use).
    pub fn branch_reason(&self, b: Block) -> Option<Reason> {
        self.term_reason.get(b.as_u32() as usize).copied().flatten()
    }

    /// Blocks ending in a divergent branch or switch, in discovery order.
    pub fn divergent_branches(&self) -> &[Block] {
        &self.branches
    }

    /// Every divergent value (arguments and instruction results), by increasing id.
    pub fn divergent_values(&self) -> Vec<Value> {
        self.value_reason
            .iter()
            .enumerate()
            .filter(|(_, r)| r.is_some())
            .map(|(i, _)| Value::from_u32(i as u32))
            .collect()
    }

    /// Blocks whose execution is divergent: reachable from a successor of a divergent branch before its
    /// immediate post-dominator (only part of the warp may be active there), by increasing id.
    pub fn divergent_blocks(&self) -> Vec<Block> {
        self.block_div.iter().enumerate().filter(|(_, &d)| d).map(|(i, _)| Block::from_u32(i as u32)).collect()
    }

    /// Whether `b` is a divergent block (see [`UniformityInfo::divergent_blocks`]).
    pub fn is_divergent_block(&self, b: Block) -> bool {
        self.block_div.get(b.as_u32() as usize).copied().unwrap_or(false)
    }

    /// Why `v` is divergent (`None` when it is uniform).
    pub fn reason(&self, v: Value) -> Option<Reason> {
        self.value_reason.get(v.as_u32() as usize).copied().flatten()
    }

    /// Cycles with a divergent exit (the outermost cycle exited by each divergent exit), in discovery order.
    pub fn cycles_with_divergent_exit(&self) -> &[CycleRecord] {
        &self.exit_cycles
    }

    /// Irreducible cycles assumed divergent.
    pub fn assumed_divergent_cycles(&self) -> &[CycleRecord] {
        &self.assumed
    }

    /// Uses outside a cycle with a divergent exit of values defined inside it.
    pub fn temporal_divergence(&self) -> &[TemporalUse] {
        &self.temporal
    }

    /// A human-readable reason chain for `v`, one line per step, ending at a source of divergence (or saying that
    /// `v` is uniform).
    pub fn explain(&self, m: &Module, f: FuncId, v: Value) -> String {
        print::explain(self, m, f, v)
    }

    /// A reason chain for the terminator of `b`.
    pub fn explain_branch(&self, m: &Module, f: FuncId, b: Block) -> String {
        print::explain_branch(self, m, f, b)
    }

    /// The analysis result in the layout of LLVM's `opt -passes='print<uniformity>'` (see [`print()`]).
    pub fn to_text(&self, m: &Module) -> String {
        let mut out = String::new();
        print::write(self, m, &mut out);
        out
    }
}

enum Item {
    Value(Value),
    Branch(Block),
}

struct Engine<'a> {
    m: &'a Module,
    func: &'a Function,
    cfg: &'a Cfg,
    dt: &'a DominatorTree,
    pdt: &'a PostDominatorTree,
    cycles: &'a CycleInfo,
    rules: Vec<Rule>,
    info: UniformityInfo,
    work: Vec<Item>,
    sync: sync::SyncCtx,
    exit_seen: Vec<bool>,
    assumed: Vec<CycleId>,
    scratch: Scratch,
    /// Walk without the shortcuts (see [`UniformityInfo::compute_reference`]).
    reference: bool,
}

impl Engine<'_> {
    fn run(&mut self, kernel: bool) {
        let func = self.func;
        if !kernel {
            for &p in &func.params {
                self.mark_value(p, Reason::Source(Source::DeviceArgument));
            }
        }
        for b in func.layout.blocks() {
            for i in func.layout.block_insts(b) {
                if let Rule::Source(s) = self.rule(i) {
                    if let Some(r) = func.dfg.result(i) {
                        self.mark_value(r, Reason::Source(s));
                    }
                }
            }
        }
        while let Some(item) = self.work.pop() {
            match item {
                Item::Value(v) => self.push_users(v),
                Item::Branch(b) => self.control_divergence(b),
            }
        }
        self.compute_divergent_blocks();
    }

    fn rule(&self, i: Inst) -> Rule {
        self.rules[i.as_u32() as usize]
    }

    fn mark_value(&mut self, v: Value, why: Reason) -> bool {
        let slot = &mut self.info.value_reason[v.as_u32() as usize];
        if slot.is_some() {
            return false;
        }
        *slot = Some(why);
        self.work.push(Item::Value(v));
        true
    }

    /// Marks instruction `i` divergent (its result, its terminator, or itself when it has no result), unless it is
    /// always uniform.
    fn mark_inst(&mut self, i: Inst, why: Reason) {
        if self.rule(i) == Rule::AlwaysUniform {
            return;
        }
        let func = self.func;
        if let Some(r) = func.dfg.result(i) {
            self.mark_value(r, why);
            return;
        }
        let data = func.dfg.inst(i);
        if data.is_terminator() {
            let Some(b) = func.layout.inst_block(i) else { return };
            let slot = &mut self.info.term_reason[b.as_u32() as usize];
            if slot.is_none() {
                *slot = Some(why);
            }
            if matches!(data.kind, InstKind::CondBr { .. } | InstKind::Switch { .. })
                && !self.info.is_branch[b.as_u32() as usize]
            {
                self.info.is_branch[b.as_u32() as usize] = true;
                self.info.branches.push(b);
                self.work.push(Item::Branch(b));
            }
            return;
        }
        let slot = &mut self.info.void_reason[i.as_u32() as usize];
        if slot.is_none() {
            *slot = Some(why);
        }
    }

    fn push_users(&mut self, v: Value) {
        let func = self.func;
        for u in func.dfg.uses(v) {
            if func.layout.inst_block(u.inst).is_none() {
                continue;
            }
            match self.rule(u.inst) {
                Rule::AlwaysUniform | Rule::Source(_) => {}
                Rule::Broadcast { value_arg } if u.index as usize == value_arg => {}
                _ => self.mark_inst(u.inst, Reason::Operand(v)),
            }
        }
    }

    /// Sync and temporal consequences of the divergent branch ending `d`.
    fn control_divergence(&mut self, d: Block) {
        let (cfg, cycles) = (self.cfg, self.cycles);
        if !self.dt.is_reachable(d) || cfg.succs(d).len() < 2 {
            return;
        }
        let desc = self.sync.join_points(cfg, cycles, self.pdt, cfg.index(d));
        let mut div_cycles: Vec<CycleId> = Vec::new();
        for &j in &desc.joins {
            let jb = cfg.block(j);
            match self.divergent_cycle_for_join(d, jb) {
                Some(c) => div_cycles.push(c),
                None => self.taint_phis(jb, d),
            }
        }
        div_cycles.sort_by_key(|&c| std::cmp::Reverse(cycles.depth(c)));
        for c in div_cycles {
            if self.assumed.iter().any(|&a| cycles.contains_cycle(a, c)) {
                continue;
            }
            self.assumed.push(c);
            let rec = self.record(c, d);
            self.info.assumed.push(rec);
            let why = Reason::IrreducibleCycle { header: cycles.header(c), branch: d };
            for &b in cycles.blocks(c) {
                for i in self.func.layout.block_insts(b) {
                    if !self.func.dfg.inst(i).is_terminator() {
                        self.mark_inst(i, why);
                    }
                }
            }
        }
        for &x in &desc.exit_joins {
            self.exit_join_phis(d, cfg.block(x));
        }
        for &x in &desc.div_exits {
            self.cycle_exit_divergence(d, cfg.block(x));
        }
    }

    fn record(&self, c: CycleId, branch: Block) -> CycleRecord {
        let cy = self.cycles;
        CycleRecord {
            header: cy.header(c),
            entries: cy.entries(c).to_vec(),
            blocks: cy.blocks(c).to_vec(),
            depth: cy.depth(c),
            branch,
        }
    }

    /// LLVM's "diverged entry" criteria: the outermost irreducible cycle made divergent by the paths from `d`
    /// joining at `j`, if any.
    fn divergent_cycle_for_join(&self, d: Block, j: Block) -> Option<CycleId> {
        let cy = self.cycles;
        let c0 = cy.innermost(j)?;
        // Paths diverged outside the largest cycle containing `j` but not `d`.
        let ext = if cy.contains(c0, d) {
            None
        } else {
            let mut c = c0;
            while let Some(p) = cy.parent(c) {
                if cy.contains(p, d) {
                    break;
                }
                c = p;
            }
            (!cy.is_reducible(c)).then_some(c)
        };
        // Paths diverged inside the smallest cycle containing both, whose header does not dominate `j`.
        let int = if self.dt.dominates(d, j) && d != j {
            None
        } else {
            let mut c = Some(c0);
            while let Some(x) = c {
                if cy.contains(x, d) {
                    break;
                }
                c = cy.parent(x);
            }
            match c {
                Some(x) if !cy.is_reducible(x) && !self.strictly_dominates(cy.header(x), j) => {
                    let mut x = x;
                    while let Some(p) = cy.parent(x) {
                        if self.strictly_dominates(cy.header(p), j) {
                            break;
                        }
                        x = p;
                    }
                    Some(x)
                }
                _ => None,
            }
        };
        int.or(ext)
    }

    fn strictly_dominates(&self, a: Block, b: Block) -> bool {
        a != b && self.dt.dominates(a, b)
    }

    /// Marks the phis of join block `j` divergent, except those that take one value on every edge.
    fn taint_phis(&mut self, j: Block, d: Block) {
        let func = self.func;
        for i in func.layout.block_insts(j) {
            if !func.dfg.inst(i).is_phi() {
                break;
            }
            if !self.single_valued_phi(i) {
                self.mark_inst(i, Reason::SyncJoin { branch: d, join: j });
            }
        }
    }

    /// Phis at `x`, an exit of a cycle around `d` reached both by lanes that left the cycle early and by lanes
    /// that iterated again. Lanes of the same dynamic instance of `x` arrive through the edges from blocks that
    /// paths from `d` reach without crossing `x` or the header of a cycle containing both `d` and `x` (which
    /// would start another iteration of that cycle); a phi is divergent when it takes different values on those
    /// edges.
    ///
    /// Only blocks that can reach `x` matter, and the walk is confined to them cheaply, so that it costs the size
    /// of the loop nest around the branch rather than of everything downstream:
    ///
    /// * when a smallest cycle `P` contains both `d` and `x`, to `P`: a path that left `P` and came back to `x`
    ///   without crossing the header of `P` or of a cycle around it would close a cycle through `P`'s blocks
    ///   avoiding all those headers, which the cycle nest puts inside a child of `P`'s ancestors that contains
    ///   `P`, that is, inside `P`. The only barriers left inside `P` are `x` and `P`'s header;
    /// * otherwise, to the blocks placed in [`CycleInfo::order`] no later than the end of the outermost cycle
    ///   around `x` (or than `x`): that order is topological except for edges back to a header from inside its
    ///   cycle, and cycles are contiguous in it, so no block after that point reaches `x`.
    fn exit_join_phis(&mut self, d: Block, x: Block) {
        let (cfg, cy, func) = (self.cfg, self.cycles, self.func);
        let mut common = cy.innermost(x);
        while let Some(c) = common {
            if cy.contains(c, d) {
                break;
            }
            common = cy.parent(c);
        }
        let header = common.map(|c| cfg.index(cy.header(c)));
        let limit = match common {
            Some(_) => u32::MAX,
            None => {
                let mut top = cy.innermost(x);
                while let Some(p) = top.and_then(|c| cy.parent(c)) {
                    top = Some(p);
                }
                match top {
                    Some(t) => cy.order_index(cy.header(t)).map_or(0, |h| h + cy.blocks(t).len() as u32 - 1),
                    None => cy.order_index(x).unwrap_or(0),
                }
            }
        };
        // The reference walk: everything reachable, barriers at the headers of every cycle around `d` and `x`.
        let mut reference_barriers: Vec<u32> = Vec::new();
        if self.reference {
            let mut c = common;
            while let Some(cc) = c {
                reference_barriers.push(cfg.index(cy.header(cc)));
                c = cy.parent(cc);
            }
        }
        let xi = cfg.index(x);
        let g = cfg.graph();
        let epoch = self.scratch.next_epoch();
        let (mark, stack) = (&mut self.scratch.mark, &mut self.scratch.stack);
        let di = cfg.index(d);
        mark[di as usize] = epoch;
        stack.push(di);
        while let Some(b) = stack.pop() {
            for &s in g.succs(b) {
                if s == xi || mark[s as usize] == epoch {
                    continue;
                }
                let sb = cfg.block(s);
                let inside = if self.reference {
                    !reference_barriers.contains(&s)
                } else {
                    Some(s) != header
                        && match common {
                            Some(c) => cy.contains(c, sb),
                            None => cy.order_index(sb).is_some_and(|p| p <= limit),
                        }
                };
                if inside {
                    mark[s as usize] = epoch;
                    stack.push(s);
                }
            }
        }
        for i in func.layout.block_insts(x) {
            let InstKind::Phi { blocks } = &func.dfg.inst(i).kind else { break };
            let relevant = blocks.iter().map(|&b| self.scratch.mark[cfg.index(b) as usize] == epoch);
            if !self.single_valued_on(i, relevant) {
                self.mark_inst(i, Reason::SyncJoin { branch: d, join: x });
            }
        }
    }

    /// Whether all incoming values of phi `i`, ignoring `undef`/`poison` and the phi itself, are one value.
    fn single_valued_phi(&self, i: Inst) -> bool {
        self.single_valued_on(i, std::iter::repeat(true))
    }

    /// Like [`Self::single_valued_phi`], over the incoming edges for which `relevant` yields true.
    fn single_valued_on(&self, i: Inst, relevant: impl Iterator<Item = bool>) -> bool {
        let dfg = &self.func.dfg;
        let me = dfg.result(i);
        let mut common: Option<Value> = None;
        for (&a, keep) in dfg.args(i).iter().zip(relevant) {
            if !keep || Some(a) == me || self.is_undef(a) {
                continue;
            }
            match common {
                Some(c) if c != a => return false,
                _ => common = Some(a),
            }
        }
        true
    }

    fn is_undef(&self, v: Value) -> bool {
        matches!(self.func.dfg.value_def(v), ValueDef::Const(c) if self.m.consts.is_undef_or_poison(*c))
    }

    /// Temporal divergence: `x` is an exit of a cycle around `d` that lanes reach in different iterations.
    fn cycle_exit_divergence(&mut self, d: Block, x: Block) {
        let cy = self.cycles;
        let Some(mut c) = cy.innermost(d) else { return };
        if cy.contains(c, x) {
            return;
        }
        while let Some(p) = cy.parent(c) {
            if cy.contains(p, x) {
                break;
            }
            c = p;
        }
        if self.exit_seen[c.index()] {
            return;
        }
        self.exit_seen[c.index()] = true;
        let rec = self.record(c, d);
        self.info.exit_cycles.push(rec);
        let header = cy.header(c);
        let func = self.func;
        for &b in cy.blocks(c) {
            for i in func.layout.block_insts(b) {
                let Some(v) = func.dfg.result(i) else { continue };
                if self.info.value_reason[v.as_u32() as usize].is_some() {
                    continue;
                }
                for k in 0..func.dfg.uses(v).len() {
                    let u = func.dfg.uses(v)[k];
                    let Some(ub) = func.layout.inst_block(u.inst) else { continue };
                    if cy.contains(c, ub) {
                        continue;
                    }
                    if self.info.temporal_set.insert((v, u.inst)) {
                        self.info.temporal.push(TemporalUse { def: v, user: u.inst, header, branch: d });
                    }
                    self.mark_inst(u.inst, Reason::Temporal { def: v, header, branch: d });
                }
            }
        }
    }

    /// Marks the blocks reachable from a successor of each divergent branch before its immediate
    /// post-dominator. When a walk for a branch with post-dominator `p` is over, every block it visited is
    /// *closed for* `p`: all that it reaches without passing `p` is marked. A later walk with stop `q` that
    /// reaches a block closed for `p`:
    ///
    /// * `p == q`: stops there (nothing new beyond it) — a chain of early exits to one block (`return` inside
    ///   many loops) costs O(V + E) in all rather than one walk of the rest of the function per branch;
    /// * `q` strictly post-dominates `p` (or `q` is the virtual exit and `p` a block): everything that block
    ///   reaches without passing `p` is marked, and `p` itself is reachable from it without passing `q` (both
    ///   post-dominate the block; if every path to `p` crossed `q` first, `p` would post-dominate `q`), so the
    ///   walk jumps to `p` and continues from there;
    /// * otherwise it walks through the block as if it were unmarked.
    ///
    /// Branches are walked from the last in reverse post-order to the first, so that nested regions are closed
    /// before the regions around them: `n` nested divergent ifs cost O(n) rather than O(n²) (each outer walk
    /// jumps over the inner region to its post-dominator).
    fn compute_divergent_blocks(&mut self) {
        let cfg = self.cfg;
        let g = cfg.graph();
        // `NONE` stands for "no post-dominator"; `NOT_CLOSED` for a block no walk has finished.
        const NONE: u32 = crate::graph::NONE;
        const NOT_CLOSED: u32 = NONE - 1;
        let mut closed_for = vec![NOT_CLOSED; cfg.len()];
        let mut visited: Vec<u32> = Vec::new();
        let mut branches: Vec<Block> =
            self.info.branches.iter().copied().filter(|&d| self.dt.is_reachable(d)).collect();
        if !self.reference {
            // `CycleInfo::order` is a reverse post-order (topological but for edges back to a header).
            branches.sort_by_key(|&d| std::cmp::Reverse(self.cycles.order_index(d)));
        }
        for d in branches {
            let stop = self.pdt.ipdom(d).map_or(NONE, |b| cfg.index(b));
            let epoch = self.scratch.next_epoch();
            let (mark, stack) = (&mut self.scratch.mark, &mut self.scratch.stack);
            stack.push(cfg.index(d));
            while let Some(b) = stack.pop() {
                for &s in g.succs(b) {
                    if s == stop || mark[s as usize] == epoch {
                        continue;
                    }
                    let mut next = s;
                    if !self.reference {
                        let p = closed_for[s as usize];
                        if p == stop {
                            continue;
                        }
                        let jump = p != NOT_CLOSED
                            && p != NONE
                            && (stop == NONE || self.pdt.post_dominates(cfg.block(stop), cfg.block(p)));
                        if jump {
                            mark[s as usize] = epoch;
                            if mark[p as usize] == epoch {
                                continue;
                            }
                            next = p;
                        }
                    }
                    mark[next as usize] = epoch;
                    stack.push(next);
                    visited.push(next);
                    self.info.block_div[cfg.block(next).as_u32() as usize] = true;
                }
            }
            for b in visited.drain(..) {
                closed_for[b as usize] = stop;
            }
        }
    }
}

/// Reusable visited marks for the per-branch walks: a block is visited in the current walk when its mark equals
/// the walk's epoch, so starting a walk costs nothing.
struct Scratch {
    mark: Vec<u32>,
    epoch: u32,
    stack: Vec<u32>,
}

impl Scratch {
    fn new(n: usize) -> Self {
        Scratch { mark: vec![0; n], epoch: 0, stack: Vec::new() }
    }

    fn next_epoch(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.mark.fill(0);
            self.epoch = 1;
        }
        self.epoch
    }
}
