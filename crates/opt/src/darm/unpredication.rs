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
//! melding at all). Runs with memory operations are always guarded, so a store of one side is never executed by
//! the other side's threads — the extra load + select form of full predication is not used (it would store to an
//! address computed from the other side's values).

use super::melding::Melder;
use simtc_ir::*;

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

    /// Emits `run` (instructions of the `then` side when `then_side`, else of the `else` side) after piece `cur`;
    /// returns the piece where melding continues.
    pub(super) fn unpredicate(&mut self, cur: Block, run: &[Inst], then_side: bool, full_predication: bool) -> Block {
        self.stats.unaligned += run.len();
        if full_predication && run.iter().all(|&i| speculatable(&self.spec_callees, self.func.dfg.inst(i))) {
            for &i in run {
                self.clone_one_side(cur, i, then_side);
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
