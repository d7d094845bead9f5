//! Unpredication of unaligned instruction runs (seed 001 §4.4).
//!
//! A run of consecutive instructions of one side that the alignment left unmatched is moved into a block of its
//! own, entered only by the threads of that side: the current piece of the melded block ends in
//! `br c, %darm.then, %darm.join` (or `br c, %darm.join, %darm.else` for the `else` side), the guarded block holds
//! clones of the run (operands mapped to the melded values, no selects needed: only that side runs it) and jumps
//! to the join block, where each result still used gets a phi `[clone, guarded], [undef, skipping piece]`. Melding
//! continues in the join block. The undef is never observed: only the run's own side reads the result, and for
//! its threads the guarded edge was taken.
//!
//! With `darm-full-predication` (the default) a run whose instructions are all safe to speculate (no memory
//! access, no trapping division, calls only to `speculatable` functions such as `llvm.maxnum.f32`) is emitted
//! unguarded instead: it costs the run's own instructions, while a guard adds a compare-and-branch and a
//! reconvergence point for each run (measured: guarding every run made SB1 issue more warp instructions than not
//! melding at all).
//!
//! **Full predication of memory operations** (the paper's "extra loads" for unaligned stores, §4.4), also under
//! `darm-full-predication`: a run may also hold loads and stores that are [`predicable`], and is then emitted
//! unguarded — a load as it is (the other side's threads load and ignore the value), a store as
//! `old = load p; store (select c, new, old), p` (`select c, old, new` for the `else` side), so the other side's
//! threads write back what they read. The rule that makes this safe: the other side's block of the same pair
//! accesses **the same address** — the same SSA value (defined before the region), or the results of an aligned
//! pair, which melding turns into one value that every thread computes with its own side's operands — with an
//! access of the same type (a store for a store; a load or a store for a load), non-volatile and non-atomic, as
//! are the predicated ones. A thread of the other side that reaches the melded block runs its own block of the
//! pair, so it accesses exactly that location itself between the same barriers (regions hold no convergent
//! operation): the location is dereferenceable for it, and no thread touches a location it did not touch before,
//! so no data race is introduced that the program did not already have (a thread's extra write stores the value
//! it just read; its own accesses keep their order). Any other address — computed from one side's values only,
//! or accessed by one side only — keeps the guard (a thread-private `alloca` slot touched by one side only would
//! need a proof that its address is in bounds for the other side's threads; not done). A run is predicated when every instruction is speculatable or predicable and its extra cost (a load and a
//! select per store) is below a guard's ([`super::melding::GUARD_OVERHEAD`]): at most one store per run.

use super::alignment::Step;
use super::melding::{Melder, PairAlignment, GUARD_OVERHEAD};
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_ir::*;

/// A plain (non-volatile, non-atomic) load or store: `(address, accessed type, is a store)`.
fn plain_access(func: &Function, i: Inst) -> Option<(Value, Type, bool)> {
    let d = func.dfg.inst(i);
    let plain = |m: &MemFlags| !m.volatile && m.ordering.is_none_or(|o| o == AtomicOrdering::NotAtomic);
    match &d.kind {
        InstKind::Load(m) if plain(m) => Some((d.args[0], d.ty, false)),
        InstKind::Store(m) if plain(m) => Some((d.args[1], func.dfg.value_ty(d.args[0]), true)),
        _ => None,
    }
}

/// The unaligned loads and stores of `aligns` that may run unguarded under full predication (module doc): the
/// other side's block of the same pair accesses the same address (equal values, or results of an aligned pair)
/// with the same type (a store for a store). Linear in the pairs' sizes.
pub(super) fn predicable(func: &Function, aligns: &[PairAlignment]) -> FxHashSet<Inst> {
    // `then` result -> `else` result of every aligned pair (they become one value), and the reverse.
    let mut ab: FxHashMap<Value, Value> = FxHashMap::default();
    let mut ba: FxHashMap<Value, Value> = FxHashMap::default();
    for (sa, sb, steps) in aligns {
        for st in steps {
            if let Step::Match(i, j) = *st {
                if let (Some(x), Some(y)) = (func.dfg.result(sa[i]), func.dfg.result(sb[j])) {
                    ab.insert(x, y);
                    ba.insert(y, x);
                }
            }
        }
    }
    let mut out = FxHashSet::default();
    for (sa, sb, steps) in aligns {
        // Accesses of each side, keyed by the address as the other side names it.
        let keys = |body: &[Inst], map: &FxHashMap<Value, Value>| -> FxHashSet<(Value, Type, bool)> {
            body.iter()
                .filter_map(|&i| plain_access(func, i))
                .map(|(p, t, st)| (map.get(&p).copied().unwrap_or(p), t, st))
                .collect()
        };
        let (from_a, from_b) = (keys(sa, &ab), keys(sb, &ba));
        for st in steps {
            let (i, other) = match *st {
                Step::OnlyA(i) => (sa[i], &from_b),
                Step::OnlyB(j) => (sb[j], &from_a),
                Step::Match(..) => continue,
            };
            // `other` holds the other side's accesses with addresses renamed into this side's values.
            if let Some((p, t, is_store)) = plain_access(func, i) {
                if other.contains(&(p, t, true)) || (!is_store && other.contains(&(p, t, false))) {
                    out.insert(i);
                }
            }
        }
    }
    out
}

/// Whether an unaligned run is emitted unguarded with its memory operations fully predicated (module doc); its
/// extra instructions (a load and a select per store) when it is.
pub(super) fn predicated_run(
    spec_callees: &FxHashSet<Value>,
    func: &Function,
    run: &[Inst],
    predicable: &FxHashSet<Inst>,
) -> Option<usize> {
    let mut stores = 0;
    for &i in run {
        if predicable.contains(&i) {
            stores += matches!(func.dfg.inst(i).kind, InstKind::Store(_)) as usize;
        } else if !speculatable(spec_callees, func.dfg.inst(i)) {
            return None;
        }
    }
    (2 * stores < GUARD_OVERHEAD).then_some(2 * stores)
}

pub(super) fn speculatable(spec_callees: &rustc_hash::FxHashSet<Value>, d: &InstData) -> bool {
    match &d.kind {
        InstKind::Call(_) => spec_callees.contains(&d.args[0]),
        InstKind::Binary(op) => !op.can_trap(),
        InstKind::FNeg
        | InstKind::ICmp(_)
        | InstKind::FCmp(_)
        | InstKind::Cast(_)
        | InstKind::Select
        | InstKind::Gep { .. }
        | InstKind::ExtractElement
        | InstKind::InsertElement
        | InstKind::ShuffleVector { .. }
        | InstKind::ExtractValue { .. }
        | InstKind::InsertValue { .. }
        | InstKind::Freeze => true,
        _ => false,
    }
}

impl Melder<'_> {
    pub(super) fn clone_one_side(&mut self, blk: Block, i: Inst, then_side: bool) -> Inst {
        let d = self.func.dfg.inst(i).clone();
        let args: Vec<Value> = d.args.iter().map(|&v| if then_side { self.map_a(v) } else { self.map_b(v) }).collect();
        let mut nd = InstData::new(d.kind.clone(), &args, d.ty);
        nd.flags = d.flags;
        let c = self.append(blk, nd);
        for (k, md) in self.func.dfg.inst_md(i).to_vec() {
            if k != MetadataTable::dbg_kind() {
                self.func.dfg.set_inst_md(c, k, md);
            }
        }
        if let (Some(r), Some(nr)) = (self.func.dfg.result(i), self.func.dfg.result(c)) {
            if let Some(n) = self.func.dfg.value_name(r).map(str::to_string) {
                if n.parse::<u64>().is_err() {
                    self.func.dfg.set_value_name(nr, Some(&n));
                }
            }
            if then_side {
                self.map_a.insert(r, nr);
            } else {
                self.map_b.insert(r, nr);
            }
        }
        c
    }

    /// `store v, p` of one side as `old = load p; store (select c, v, old), p` (module doc).
    fn predicated_store(&mut self, blk: Block, i: Inst, then_side: bool) {
        let d = self.func.dfg.inst(i).clone();
        let InstKind::Store(m) = d.kind else { unreachable!("a store") };
        let map = |s: &Self, v: Value| if then_side { s.map_a(v) } else { s.map_b(v) };
        let (v, p) = (map(self, d.args[0]), map(self, d.args[1]));
        let ty = self.func.dfg.value_ty(v);
        let ld = self.append(blk, InstData::new(InstKind::Load(m.clone()), &[p], ty));
        let old = self.func.dfg.result(ld).expect("load result");
        self.func.dfg.set_value_name(old, Some("darm.old"));
        let nv = if then_side { self.select(blk, v, old) } else { self.select(blk, old, v) };
        let mut st = InstData::new(InstKind::Store(m), &[nv, p], Type::VOID);
        st.flags = d.flags;
        let s = self.append(blk, st);
        for (k, md) in self.func.dfg.inst_md(i).to_vec() {
            if k != MetadataTable::dbg_kind() {
                self.func.dfg.set_inst_md(ld, k, md);
                self.func.dfg.set_inst_md(s, k, md);
            }
        }
        self.stats.stores_predicated += 1;
    }

    /// Emits `run` (instructions of the `then` side when `then_side`, else of the `else` side) after piece `cur`;
    /// returns the piece where melding continues.
    pub(super) fn unpredicate(
        &mut self,
        cur: Block,
        run: &[Inst],
        then_side: bool,
        full_predication: bool,
        predicable: &FxHashSet<Inst>,
    ) -> Block {
        self.stats.unaligned += run.len();
        if full_predication && predicated_run(&self.spec_callees, self.func, run, predicable).is_some() {
            for &i in run {
                if matches!(self.func.dfg.inst(i).kind, InstKind::Store(_)) {
                    self.predicated_store(cur, i, then_side);
                } else {
                    self.clone_one_side(cur, i, then_side);
                }
            }
            return cur;
        }
        let g = self.func.dfg.make_block(Some(if then_side { "darm.then" } else { "darm.else" }));
        let join = self.func.dfg.make_block(Some("darm.join"));
        self.func.layout.insert_block_after(g, cur);
        self.func.layout.insert_block_after(join, g);
        let (t, f) = if then_side { (g, join) } else { (join, g) };
        self.append(cur, InstData::new(InstKind::CondBr { then_dest: t, else_dest: f }, &[self.cond], Type::VOID));
        let mut results = Vec::new();
        for &i in run {
            let c = self.clone_one_side(g, i, then_side);
            if let Some(r) = self.func.dfg.result(i) {
                if self.func.dfg.has_uses(r) {
                    results.push((r, self.func.dfg.result(c).expect("clone result")));
                }
            }
        }
        self.append(g, InstData::new(InstKind::Br { dest: join }, &[], Type::VOID));
        for (r, nr) in results {
            let ty = self.func.dfg.value_ty(nr);
            let p = self.append(join, InstData::new(InstKind::Phi { blocks: Default::default() }, &[], ty));
            let undef = self.consts.intern(ConstData::Undef(ty));
            let u = self.func.dfg.const_value(undef, ty);
            self.func.dfg.phi_add_incoming(p, nr, g);
            self.func.dfg.phi_add_incoming(p, u, cur);
            let pv = self.func.dfg.result(p).expect("phi result");
            if then_side {
                self.map_a.insert(r, pv);
            } else {
                self.map_b.insert(r, pv);
            }
        }
        self.stats.guards += 1;
        join
    }
}
