//! Function-level checks: the signature, the value table, the layout, block structure and the CFG (branch
//! targets, no edge into the entry), and the driver that runs the per-instruction checks.

use super::*;

impl FuncVerifier<'_, '_> {
    pub(super) fn err(&mut self, b: Option<Block>, i: Option<Inst>, message: String) {
        if self.v.full() {
            return;
        }
        let e = VerifierError {
            func: Some(self.f.name.clone()),
            block: b.map(|b| block_name(self.f, b)),
            inst: i.map(|i| inst_text(self.m, self.f, i)),
            message,
            site: ErrorSite { func: Some(self.fid), block: b, inst: i, global: None },
        };
        self.v.push(e);
    }

    pub(super) fn run(&mut self) {
        let f = self.f;
        let ret_ty = self.check_signature();
        for &(k, md) in &f.md {
            if let Err(e) = self.v.check_attachment(k, md, "DISubprogram") {
                self.err(None, None, e);
            }
        }
        let Some(entry) = f.layout.entry_block() else {
            if !matches!(f.linkage, Linkage::External | Linkage::ExternWeak) {
                self.err(
                    None,
                    None,
                    format!(
                        "a function declaration (no blocks) must have external or extern_weak linkage, not {}",
                        f.linkage.name()
                    ),
                );
            }
            return;
        };
        if !self.check_value_table() {
            return;
        }
        let Some(lay) = self.scan_layout(entry) else {
            return;
        };
        self.check_block_structure(&lay);
        let (succs, preds) = self.build_cfg(&lay, entry);
        let dom = DomTree::compute(&AdjacencyList::new(entry.index() as u32, succs));
        let op_counts = self.check_insts(&lay, &preds, &dom, ret_ty);
        self.check_use_lists(&lay, &op_counts);
    }

    /// Checks the function type against the parameters; returns the return type when the type is usable.
    pub(super) fn check_signature(&mut self) -> Option<Type> {
        let (m, f) = (self.m, self.f);
        let ts = &m.types;
        if f.ty.index() >= ts.len() {
            self.err(None, None, format!("function type {} does not exist", f.ty));
            return None;
        }
        let Some((ret, params, _)) = ts.func_parts(f.ty) else {
            self.err(None, None, format!("function type {} is not a function type", type_name(ts, f.ty)));
            return None;
        };
        if f.params.len() != params.len() {
            self.err(
                None,
                None,
                format!(
                    "function has {} parameter values but its type {} has {} parameters",
                    f.params.len(),
                    type_name(ts, f.ty),
                    params.len()
                ),
            );
        }
        for (k, (&pv, &pt)) in f.params.iter().zip(params).enumerate() {
            if pv.index() >= f.dfg.num_values() {
                self.err(None, None, format!("parameter {k} is not a value of this function"));
            } else if *f.dfg.value_def(pv) != ValueDef::Arg(k as u32) {
                self.err(None, None, format!("parameter {k} ({}) is not defined as argument {k}", f.value_label(pv)));
            } else if f.dfg.value_ty(pv) != pt {
                self.err(
                    None,
                    None,
                    format!(
                        "parameter {k} ({}) has type {} but the function type says {}",
                        f.value_label(pv),
                        type_name(ts, f.dfg.value_ty(pv)),
                        type_name(ts, pt)
                    ),
                );
            }
        }
        Some(ret)
    }

    /// Checks that every value has an existing type and defining instruction; false when the table is unusable.
    pub(super) fn check_value_table(&mut self) -> bool {
        let (ts, dfg) = (&self.m.types, &self.f.dfg);
        let mut ok = true;
        for (v, data) in dfg.values() {
            if data.ty.index() >= ts.len() {
                self.err(None, None, format!("value {} has nonexistent type {}", self.f.value_label(v), data.ty));
                ok = false;
            }
            if let ValueDef::Inst(i) = data.def {
                if i.index() >= dfg.num_insts() {
                    self.err(None, None, format!("value {} is defined by nonexistent {i}", self.f.value_label(v)));
                    ok = false;
                }
            }
        }
        ok
    }

    /// Reads the layout once, checking that it is not corrupt. `None` when it cannot be trusted.
    pub(super) fn scan_layout(&mut self, entry: Block) -> Option<LayoutInfo> {
        let (f, ts) = (self.f, &self.m.types);
        let (nb, ni) = (f.dfg.num_blocks(), f.dfg.num_insts());
        let mut lay = LayoutInfo {
            order: Vec::with_capacity(ni),
            ranges: Vec::with_capacity(f.layout.num_blocks()),
            in_layout: vec![false; nb],
            inst_block: vec![NONE; ni],
            inst_pos: vec![0; ni],
        };
        let mut cur = Some(entry);
        while let Some(b) = cur {
            if b.index() >= nb {
                self.err(None, None, format!("the layout contains nonexistent block {b}"));
                return None;
            }
            if std::mem::replace(&mut lay.in_layout[b.index()], true) {
                self.err(Some(b), None, "the block list of the layout is cyclic".into());
                return None;
            }
            let start = lay.order.len();
            let mut ci = f.layout.first_inst(b);
            while let Some(i) = ci {
                if i.index() >= ni {
                    self.err(Some(b), None, format!("the layout contains nonexistent instruction {i}"));
                    return None;
                }
                if lay.inst_block[i.index()] != NONE {
                    self.err(Some(b), Some(i), "instruction is listed twice in the layout".into());
                    return None;
                }
                if f.layout.inst_block(i) != Some(b) {
                    self.err(
                        Some(b),
                        Some(i),
                        "the layout lists the instruction in a block it does not belong to".into(),
                    );
                    return None;
                }
                let d = f.dfg.inst(i);
                let types_ok = [Some(d.ty), kind_type(&d.kind)].into_iter().flatten().all(|t| t.index() < ts.len());
                if !types_ok {
                    self.err(Some(b), Some(i), "instruction refers to a nonexistent type".into());
                    return None;
                }
                lay.inst_block[i.index()] = b.index() as u32;
                lay.inst_pos[i.index()] = (lay.order.len() - start) as u32;
                lay.order.push(i);
                ci = f.layout.next_inst(i);
            }
            if f.layout.last_inst(b) != lay.order[start..].last().copied() {
                self.err(Some(b), None, "the layout's last instruction of the block is not the end of its list".into());
                return None;
            }
            lay.ranges.push((b, start, lay.order.len()));
            cur = f.layout.next_block(b);
        }
        Some(lay)
    }

    pub(super) fn check_block_structure(&mut self, lay: &LayoutInfo) {
        let dfg = &self.f.dfg;
        for &(b, start, end) in &lay.ranges {
            if self.v.full() {
                return;
            }
            let insts = &lay.order[start..end];
            let Some(&last) = insts.last() else {
                self.err(Some(b), None, "block does not end with a terminator (the block is empty)".into());
                continue;
            };
            let mut seen_non_phi = false;
            for (k, &i) in insts.iter().enumerate() {
                let d = dfg.inst(i);
                if d.is_terminator() && k + 1 != insts.len() {
                    self.err(Some(b), Some(i), "terminator found in the middle of a block".into());
                }
                if d.is_phi() {
                    if seen_non_phi {
                        self.err(Some(b), Some(i), "phi nodes must be grouped at the top of their block".into());
                    }
                } else {
                    seen_non_phi = true;
                }
            }
            if !dfg.inst(last).is_terminator() {
                self.err(Some(b), Some(last), "block does not end with a terminator".into());
            }
        }
    }

    /// Successor and predecessor lists by block index, with branch targets checked.
    pub(super) fn build_cfg(&mut self, lay: &LayoutInfo, entry: Block) -> (Adjacency, Adjacency) {
        let f = self.f;
        let nb = f.dfg.num_blocks();
        let mut succs: Adjacency = std::iter::repeat_with(SmallVec::new).take(nb).collect();
        let mut preds: Adjacency = std::iter::repeat_with(SmallVec::new).take(nb).collect();
        for &(b, start, end) in &lay.ranges {
            if start == end {
                continue;
            }
            let t = lay.order[end - 1];
            let d = f.dfg.inst(t);
            if !d.is_terminator() {
                continue;
            }
            let mut targets_entry = false;
            for s in d.successors() {
                if s.index() >= nb || !lay.in_layout[s.index()] {
                    self.err(
                        Some(b),
                        Some(t),
                        format!("branch target {} is not a block of this function", block_ref(f, s)),
                    );
                    continue;
                }
                targets_entry |= s == entry;
                succs[b.index()].push(s.index() as u32);
                preds[s.index()].push(b.index() as u32);
            }
            if targets_entry {
                self.err(
                    Some(b),
                    Some(t),
                    format!("the entry block {} must not have predecessors", block_ref(f, entry)),
                );
            }
        }
        (succs, preds)
    }
}
