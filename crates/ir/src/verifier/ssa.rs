//! Per-instruction checks: operand ids, SSA dominance of every use, phi entries against the predecessors, result
//! values, and the use lists.

use super::*;

impl FuncVerifier<'_, '_> {
    /// Per-instruction checks; returns the number of layout operands referring to each value (by index).
    pub(super) fn check_insts(
        &mut self,
        lay: &LayoutInfo,
        preds: &[SmallVec<[u32; 2]>],
        dom: &DomTree,
        ret_ty: Option<Type>,
    ) -> Vec<u32> {
        let f = self.f;
        let nb = f.dfg.num_blocks();
        let mut op_counts = vec![0u32; f.dfg.num_values()];
        // Phi bookkeeping: `pred_mark[b] == block_stamp` marks the predecessors of the current block;
        // `seen[b] == (phi_stamp, v)` marks the incoming blocks of the current phi with their value.
        let mut pred_mark = vec![0u32; nb];
        let mut seen: Vec<(u32, Value)> = vec![(0, Value::new(0)); nb];
        let mut stamp = 0u32;
        let mut types_out: Vec<String> = Vec::new();
        for &(b, start, end) in &lay.ranges {
            let reachable = dom.is_reachable(b.index() as u32);
            let mut block_stamp = 0;
            let mut distinct_preds = 0usize;
            for (pos, &i) in lay.order[start..end].iter().enumerate() {
                if self.v.full() {
                    return op_counts;
                }
                let d = f.dfg.inst(i);
                let ids_ok = self.check_operands(lay, dom, b, i, d, pos as u32, reachable, &mut op_counts);
                let shape_ok = self.check_arity_and_result(b, i, d);
                if ids_ok && shape_ok {
                    types_out.clear();
                    check_inst_types(self.m, f, ret_ty, d, &mut types_out);
                    for msg in types_out.drain(..) {
                        self.err(Some(b), Some(i), msg);
                    }
                }
                if let InstKind::Switch { cases, .. } = &d.kind {
                    for &(c, _) in cases {
                        if let Err(e) = self.v.check_const(c) {
                            self.err(Some(b), Some(i), format!("invalid case constant: {e}"));
                        }
                    }
                }
                if let InstKind::Phi { blocks } = &d.kind {
                    if block_stamp == 0 {
                        stamp += 1;
                        block_stamp = stamp;
                        for &p in &preds[b.index()] {
                            if pred_mark[p as usize] != block_stamp {
                                pred_mark[p as usize] = block_stamp;
                                distinct_preds += 1;
                            }
                        }
                    }
                    stamp += 1;
                    let phi_stamp = stamp;
                    self.check_phi_entries(
                        b,
                        i,
                        blocks,
                        &d.args,
                        (&preds[b.index()], &pred_mark, block_stamp, distinct_preds),
                        (&mut seen, phi_stamp),
                    );
                }
                for &(k, md) in f.dfg.inst_md(i) {
                    if let Err(e) = self.v.check_attachment(k, md, "DILocation") {
                        self.err(Some(b), Some(i), e);
                    }
                }
            }
        }
        op_counts
    }

    /// Checks the incoming blocks of a phi against the predecessors of its block.
    pub(super) fn check_phi_entries(
        &mut self,
        b: Block,
        i: Inst,
        blocks: &[Block],
        args: &[Value],
        (preds, pred_mark, block_stamp, distinct_preds): (&[u32], &[u32], u32, usize),
        (seen, phi_stamp): (&mut [(u32, Value)], u32),
    ) {
        let f = self.f;
        if blocks.is_empty() && args.is_empty() {
            self.err(Some(b), Some(i), "phi node must have at least one entry".into());
            return;
        }
        if blocks.len() != args.len() {
            self.err(
                Some(b),
                Some(i),
                format!("phi node has {} incoming blocks but {} incoming values", blocks.len(), args.len()),
            );
        }
        let mut distinct = 0usize;
        for (&pb, &v) in blocks.iter().zip(args) {
            let pi = pb.index();
            if pi >= pred_mark.len() || pred_mark[pi] != block_stamp {
                self.err(
                    Some(b),
                    Some(i),
                    format!(
                        "phi node entries do not match predecessors: {} is not a predecessor of this block",
                        block_ref(f, pb)
                    ),
                );
                continue;
            }
            if seen[pi].0 == phi_stamp {
                if seen[pi].1 != v {
                    self.err(
                        Some(b),
                        Some(i),
                        format!("phi node has multiple entries for block {} with different values", block_ref(f, pb)),
                    );
                }
            } else {
                seen[pi] = (phi_stamp, v);
                distinct += 1;
            }
        }
        if distinct != distinct_preds {
            let mut missing: Vec<String> = Vec::new();
            for &p in preds {
                if seen[p as usize].0 != phi_stamp {
                    seen[p as usize].0 = phi_stamp; // report each missing predecessor once
                    missing.push(block_ref(f, Block::new(p as usize)));
                }
            }
            if !missing.is_empty() {
                self.err(
                    Some(b),
                    Some(i),
                    format!("phi node entries do not match predecessors: no entry for {}", missing.join(", ")),
                );
            }
        }
    }

    /// Checks the operands of one instruction (ids, definitions, dominance). Returns whether every operand id is
    /// valid, so that type checks may look at the operands.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check_operands(
        &mut self,
        lay: &LayoutInfo,
        dom: &DomTree,
        b: Block,
        i: Inst,
        d: &InstData,
        pos: u32,
        reachable: bool,
        op_counts: &mut [u32],
    ) -> bool {
        let f = self.f;
        let dfg = &f.dfg;
        let mut ids_ok = true;
        let is_call = matches!(d.kind, InstKind::Call(_));
        for (k, &a) in d.args.iter().enumerate() {
            if a.index() >= dfg.num_values() {
                self.err(Some(b), Some(i), format!("operand {k} ({a}) is not a value of this function"));
                ids_ok = false;
                continue;
            }
            let def = dfg.value_def(a);
            if def.tracks_uses() {
                op_counts[a.index()] += 1;
                let recorded = dfg.use_position(i, k).and_then(|p| dfg.uses(a).get(p));
                if recorded != Some(&crate::Use { inst: i, index: k as u32 }) {
                    self.err(
                        Some(b),
                        Some(i),
                        format!(
                            "operand {k} ({}) has no correct use-list position (the use list of the value does \
                             not record it where the operand says)",
                            f.value_label(a)
                        ),
                    );
                }
            }
            match def {
                ValueDef::Placeholder => self.err(
                    Some(b),
                    Some(i),
                    format!(
                        "operand {} is an unresolved placeholder (a forward reference never defined)",
                        f.value_label(a)
                    ),
                ),
                ValueDef::Arg(n) => {
                    if f.params.get(*n as usize) != Some(&a) {
                        self.err(
                            Some(b),
                            Some(i),
                            format!(
                                "operand {} is an argument value that is not a parameter of this function",
                                f.value_label(a)
                            ),
                        );
                    }
                }
                ValueDef::Const(c) => {
                    if c.index() >= self.m.consts.len() {
                        self.err(Some(b), Some(i), format!("operand {k} refers to nonexistent constant {c}"));
                        continue;
                    }
                    let (vt, ct) = (dfg.value_ty(a), self.m.consts.ty(*c));
                    if vt != ct {
                        self.err(
                            Some(b),
                            Some(i),
                            format!(
                                "constant operand {k} has type {} but its constant has type {}",
                                type_name(&self.m.types, vt),
                                type_name(&self.m.types, ct)
                            ),
                        );
                    }
                    if let Err(e) = self.v.check_const(*c) {
                        self.err(Some(b), Some(i), format!("invalid constant operand {k}: {e}"));
                    }
                }
                ValueDef::Metadata(op) => {
                    if !is_call || k == 0 {
                        self.err(Some(b), Some(i), "metadata may only be used as a call argument".into());
                    }
                    if let Err(e) = self.v.check_md_operand(op) {
                        self.err(Some(b), Some(i), format!("metadata operand {k}: {e}"));
                    }
                }
                ValueDef::InlineAsm(_) => {
                    if !is_call || k != 0 {
                        self.err(Some(b), Some(i), "inline asm may only be used as the callee of a call".into());
                    }
                }
                ValueDef::Inst(di) => {
                    let di = *di;
                    if dfg.result(di) != Some(a) {
                        self.err(
                            Some(b),
                            Some(i),
                            format!("operand {} is not the result of its defining instruction", f.value_label(a)),
                        );
                        continue;
                    }
                    let db = lay.inst_block[di.index()];
                    if db == NONE {
                        self.err(
                            Some(b),
                            Some(i),
                            format!(
                                "operand {} is defined by an instruction that is not in the function",
                                f.value_label(a)
                            ),
                        );
                        continue;
                    }
                    if di == i && !d.is_phi() {
                        self.err(Some(b), Some(i), "only phi nodes may use their own result".into());
                        continue;
                    }
                    if let InstKind::Phi { blocks } = &d.kind {
                        // The use happens at the end of the incoming block.
                        let Some(&pb) = blocks.get(k) else { continue };
                        if pb.index() >= lay.in_layout.len() || !dom.is_reachable(pb.index() as u32) {
                            continue;
                        }
                        let pbi = pb.index() as u32;
                        if db != pbi && !dom.dominates(db, pbi) {
                            self.err(
                                Some(b),
                                Some(i),
                                format!(
                                    "instruction does not dominate all uses: {} (defined in block {}) does not dominate \
                                     the end of incoming block {}",
                                    f.value_label(a),
                                    block_ref(f, Block::new(db as usize)),
                                    block_ref(f, pb)
                                ),
                            );
                        }
                    } else if reachable {
                        let bi = b.index() as u32;
                        let ok = if db == bi { lay.inst_pos[di.index()] < pos } else { dom.dominates(db, bi) };
                        if !ok {
                            let where_ = if db == bi {
                                "later in the same block".to_string()
                            } else {
                                format!("in block {}", block_ref(f, Block::new(db as usize)))
                            };
                            self.err(
                                Some(b),
                                Some(i),
                                format!(
                                    "instruction does not dominate all uses: {} (defined {where_}) is used here",
                                    f.value_label(a)
                                ),
                            );
                        }
                    }
                }
            }
        }
        ids_ok
    }

    /// Checks the operand count for the kind and the result value; false when type checks cannot proceed.
    pub(super) fn check_arity_and_result(&mut self, b: Block, i: Inst, d: &InstData) -> bool {
        let f = self.f;
        let n = d.args.len();
        let expected: Option<&str> = match &d.kind {
            InstKind::Binary(_)
            | InstKind::ICmp(_)
            | InstKind::FCmp(_)
            | InstKind::Store(_)
            | InstKind::AtomicRmw(..)
            | InstKind::ExtractElement
            | InstKind::ShuffleVector { .. }
            | InstKind::InsertValue { .. } => (n != 2).then_some("2"),
            InstKind::FNeg
            | InstKind::Cast(_)
            | InstKind::Load(_)
            | InstKind::ExtractValue { .. }
            | InstKind::Freeze
            | InstKind::CondBr { .. }
            | InstKind::Switch { .. } => (n != 1).then_some("1"),
            InstKind::Select | InstKind::CmpXchg { .. } | InstKind::InsertElement => (n != 3).then_some("3"),
            InstKind::Alloca { .. } | InstKind::Ret => (n > 1).then_some("at most 1"),
            InstKind::Gep { .. } | InstKind::Call(_) => (n == 0).then_some("at least 1"),
            InstKind::Fence(_) | InstKind::Br { .. } | InstKind::Unreachable => (n != 0).then_some("0"),
            InstKind::Phi { .. } => None, // checked against the incoming blocks
        };
        let mut ok = true;
        if let Some(e) = expected {
            self.err(Some(b), Some(i), format!("{} expects {e} operands, got {n}", d.opcode_name()));
            ok = false;
        }
        let must_be_void = matches!(
            d.kind,
            InstKind::Store(_)
                | InstKind::Fence(_)
                | InstKind::Br { .. }
                | InstKind::CondBr { .. }
                | InstKind::Switch { .. }
                | InstKind::Ret
                | InstKind::Unreachable
        );
        let is_void = d.ty == Type::VOID;
        if must_be_void && !is_void {
            self.err(Some(b), Some(i), format!("{} must not produce a value", d.opcode_name()));
            ok = false;
        } else if !is_void && !matches!(d.kind, InstKind::Call(_)) && !self.m.types.is_first_class(d.ty) {
            self.err(
                Some(b),
                Some(i),
                format!("instruction result type {} is not a first-class type", type_name(&self.m.types, d.ty)),
            );
        } else if is_void && !must_be_void && !matches!(d.kind, InstKind::Call(_)) {
            self.err(Some(b), Some(i), format!("{} must produce a value", d.opcode_name()));
            ok = false;
        }
        match f.dfg.result(i) {
            None if !is_void => {
                self.err(Some(b), Some(i), "instruction of non-void type has no result value".into());
            }
            Some(r) if is_void => {
                self.err(Some(b), Some(i), format!("instruction of void type has a result value {}", f.value_label(r)));
            }
            Some(r)
                if r.index() >= f.dfg.num_values()
                    || *f.dfg.value_def(r) != ValueDef::Inst(i)
                    || f.dfg.value_ty(r) != d.ty =>
            {
                self.err(Some(b), Some(i), "the result value is not defined by this instruction with its type".into());
            }
            _ => {}
        }
        ok
    }

    /// Checks that the use lists of arguments and results match the operands of the instructions in the layout.
    pub(super) fn check_use_lists(&mut self, lay: &LayoutInfo, op_counts: &[u32]) {
        let dfg = &self.f.dfg;
        for (v, data) in dfg.values() {
            if self.v.full() {
                return;
            }
            if !data.def.tracks_uses() {
                continue;
            }
            let mut in_layout = 0u32;
            let mut stale = false;
            for (p, u) in dfg.uses(v).iter().enumerate() {
                let ok = u.inst.index() < dfg.num_insts()
                    && dfg.args(u.inst).get(u.index as usize) == Some(&v)
                    && dfg.use_position(u.inst, u.index as usize) == Some(p);
                if !ok {
                    stale = true;
                } else if lay.inst_block[u.inst.index()] != NONE {
                    in_layout += 1;
                }
            }
            let expected = op_counts.get(v.index()).copied().unwrap_or(0);
            if stale {
                self.err(
                    None,
                    None,
                    format!("the use list of {} has an entry that is not an operand", self.f.value_label(v)),
                );
            } else if in_layout != expected {
                self.err(
                    None,
                    None,
                    format!(
                        "the use list of {} records {in_layout} uses in the function but the instructions have \
                         {expected}",
                        self.f.value_label(v)
                    ),
                );
            }
        }
    }
}
