//! Module-level checks: the order lists, unique names, globals and their initializers, the metadata table and
//! metadata attachments.

use super::*;

impl Verifier<'_> {
    pub(super) fn verify_module_level(&mut self) {
        let m = self.m;
        // Names and order lists.
        let mut names: FxHashMap<&str, bool> = FxHashMap::default();
        let mut seen_globals = vec![false; m.globals.len()];
        let mut globals = Vec::with_capacity(m.global_order.len());
        for &g in &m.global_order {
            if !m.globals.is_valid(g) {
                self.module_err(format!("the module's global order lists nonexistent global {g}"));
                continue;
            }
            let name = m.globals[g].name.as_str();
            if std::mem::replace(&mut seen_globals[g.index()], true) {
                self.module_err(format!("global @{name} is listed twice in the module's global order"));
                continue;
            }
            globals.push(g);
            if !name.is_empty() && names.insert(name, false).is_some() {
                self.module_err(format!("duplicate global variable name @{name}"));
            }
        }
        let mut seen_funcs = vec![false; m.funcs.len()];
        for &f in &m.func_order {
            if !m.funcs.is_valid(f) {
                self.module_err(format!("the module's function order lists nonexistent function {f}"));
                continue;
            }
            let name = m.funcs[f].name.as_str();
            if std::mem::replace(&mut seen_funcs[f.index()], true) {
                self.module_err(format!("function @{name} is listed twice in the module's function order"));
                continue;
            }
            if name.is_empty() {
                continue;
            }
            match names.insert(name, true) {
                Some(true) => self.module_err(format!("duplicate function name @{name}")),
                Some(false) => self.module_err(format!("function name @{name} conflicts with a global variable")),
                None => {}
            }
        }
        for g in globals {
            if self.full() {
                return;
            }
            self.check_global(g);
        }
        self.check_metadata_table();
    }

    pub(super) fn check_global(&mut self, g: crate::module::GlobalId) {
        let m = self.m;
        let ts = &m.types;
        let gv = &m.globals[g];
        let name = &gv.name;
        if gv.ty.index() >= ts.len() {
            self.global_err(g, format!("global @{name}: value type {} does not exist", gv.ty));
            return;
        }
        if matches!(
            ts.data(gv.ty),
            TypeData::Void | TypeData::Func { .. } | TypeData::Label | TypeData::Metadata | TypeData::Token
        ) {
            self.global_err(g, format!("global @{name}: invalid value type {}", type_name(ts, gv.ty)));
        }
        match gv.init {
            Some(c) => {
                if !ts.is_sized(gv.ty) {
                    self.global_err(
                        g,
                        format!(
                            "global @{name}: a global with an initializer must have a sized type, got {}",
                            type_name(ts, gv.ty)
                        ),
                    );
                }
                if c.index() >= m.consts.len() {
                    self.global_err(g, format!("global @{name}: initializer {c} does not exist"));
                } else {
                    let ct = m.consts.ty(c);
                    if ct != gv.ty {
                        self.global_err(
                            g,
                            format!(
                                "global @{name}: initializer type {} does not match the global's value type {}",
                                type_name(ts, ct),
                                type_name(ts, gv.ty)
                            ),
                        );
                    }
                    if let Err(e) = self.check_const(c) {
                        self.global_err(g, format!("global @{name}: invalid initializer: {e}"));
                    }
                }
            }
            None => {
                if !matches!(gv.linkage, Linkage::External | Linkage::ExternWeak) {
                    self.global_err(
                        g,
                        format!(
                        "global @{name}: a global without an initializer must have external or extern_weak linkage, \
                         not {}",
                        gv.linkage.name()
                    ),
                    );
                }
            }
        }
        if let Some(e) = align_problem(gv.align) {
            self.global_err(g, format!("global @{name}: {e}"));
        }
        for &(k, md) in &gv.md {
            if let Err(e) = self.check_attachment(k, md, "DIGlobalVariableExpression") {
                self.global_err(g, format!("global @{name}: {e}"));
            }
        }
    }

    pub(super) fn check_metadata_table(&mut self) {
        let md = &self.m.metadata;
        for (id, node) in md.iter() {
            if self.full() {
                return;
            }
            let check = |v: &mut Self, op: &MdOperand| {
                if let Err(e) = v.check_md_operand(op) {
                    v.module_err(format!("metadata node {id}: {e}"));
                }
            };
            match node {
                MdNode::Tuple { ops, .. } => ops.iter().for_each(|op| check(self, op)),
                MdNode::Special { fields, .. } => {
                    for (_, f) in fields {
                        if let MdField::Ref(op) = f {
                            check(self, op);
                        }
                    }
                }
            }
        }
        for (name, ids) in &md.named {
            for &id in ids {
                if id.index() >= md.len() {
                    self.module_err(format!("named metadata !{name} references nonexistent metadata node {id}"));
                }
            }
        }
    }

    pub(super) fn check_md_operand(&mut self, op: &MdOperand) -> Result<(), String> {
        match op {
            MdOperand::Node(n) if n.index() >= self.m.metadata.len() => {
                Err(format!("references nonexistent metadata node {n}"))
            }
            MdOperand::Value(c) => self.check_const(*c).map_err(|e| format!("invalid constant operand: {e}")),
            _ => Ok(()),
        }
    }

    /// Checks one attachment `!kind !md`; a `!dbg` attachment must be a `dbg_class` node.
    pub(super) fn check_attachment(&self, k: MdKind, md: MdId, dbg_class: &str) -> Result<(), String> {
        let table = &self.m.metadata;
        if md.index() >= table.len() {
            return Err(format!("metadata attachment references nonexistent node {md}"));
        }
        if k == MetadataTable::dbg_kind() && table.special_kind(md) != Some(dbg_class) {
            return Err(format!("!dbg attachment {md} must be a {dbg_class} node"));
        }
        Ok(())
    }
}
