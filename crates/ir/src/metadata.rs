//! Metadata: numbered nodes, specialized `DI*` nodes, named metadata and attachment kinds.
//!
//! Specialized nodes (`!DILocation(line: 3, column: 7, scope: !5)`, `!DIExpression(DW_OP_plus_uconst, 8)`) are kept
//! generically as an ordered list of `(label, field)` pairs so every node round-trips; typed accessors such as
//! [`MetadataTable::di_location`] read the fields simtc needs (`.loc` emission, kernel annotations).

use crate::constant::ConstId;
use crate::entity::PrimaryMap;
use rustc_hash::FxHashMap;

crate::define_id!(
    /// A metadata node.
    MdId,
    "!"
);

crate::define_id!(
    /// An interned attachment kind (`dbg`, `tbaa`, `range`, `llvm.loop`, ...).
    MdKind,
    "mdkind"
);

/// An operand of a metadata tuple.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MdOperand {
    /// `null`.
    Null,
    /// `!N` or an inline node.
    Node(MdId),
    /// `!"text"` (bytes, escapes decoded).
    String(Vec<u8>),
    /// A typed constant: `i32 1`, `ptr @kernel`.
    Value(ConstId),
}

/// A field of a specialized node.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MdField {
    /// An integer, identifier (`DW_TAG_member`, `true`) or flag combination (`DIFlagA | DIFlagB`), as written.
    Raw(String),
    /// A string `"text"`.
    Str(Vec<u8>),
    /// A metadata reference or `null`.
    Ref(MdOperand),
}

/// One metadata node.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MdNode {
    /// `!{ ... }`.
    Tuple {
        /// `distinct`.
        distinct: bool,
        /// Operands.
        ops: Vec<MdOperand>,
    },
    /// `!DIKind(label: value, ...)`; labels are `None` for positional fields (DIExpression).
    Special {
        /// `distinct`.
        distinct: bool,
        /// The node class, e.g. `DILocation`.
        kind: String,
        /// Fields in source order.
        fields: Vec<(Option<String>, MdField)>,
    },
}

/// A source location read from a `DILocation`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DebugLoc {
    /// Line (1-based; 0 = unknown).
    pub line: u32,
    /// Column.
    pub column: u32,
    /// The scope node.
    pub scope: Option<MdId>,
    /// The inlined-at location node.
    pub inlined_at: Option<MdId>,
}

/// All metadata of a module.
#[derive(Clone, Debug, Default)]
pub struct MetadataTable {
    nodes: PrimaryMap<MdId, MdNode>,
    /// Named metadata (`!nvvm.annotations = !{!0, !1}`), in source order.
    pub named: Vec<(String, Vec<MdId>)>,
    kinds: Vec<String>,
    kind_ids: FxHashMap<String, MdKind>,
}

impl MetadataTable {
    /// An empty table with the `dbg` kind preregistered as kind 0.
    pub fn new() -> Self {
        let mut t = MetadataTable::default();
        t.kind("dbg");
        t
    }
    /// Adds a node.
    pub fn push(&mut self, n: MdNode) -> MdId {
        self.nodes.push(n)
    }
    /// Replaces node `id` (used to fill forward-referenced nodes).
    pub fn set(&mut self, id: MdId, n: MdNode) {
        self.nodes[id] = n;
    }
    /// The node `id`.
    pub fn node(&self, id: MdId) -> &MdNode {
        &self.nodes[id]
    }
    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    /// All nodes.
    pub fn iter(&self) -> impl Iterator<Item = (MdId, &MdNode)> {
        self.nodes.iter()
    }
    /// Interns an attachment kind name (without `!`).
    pub fn kind(&mut self, name: &str) -> MdKind {
        if let Some(&k) = self.kind_ids.get(name) {
            return k;
        }
        let k = MdKind::from_u32(self.kinds.len() as u32);
        self.kinds.push(name.to_string());
        self.kind_ids.insert(name.to_string(), k);
        k
    }
    /// Number of attachment kinds interned.
    pub fn num_kinds(&self) -> usize {
        self.kinds.len()
    }
    /// Looks up an attachment kind.
    pub fn find_kind(&self, name: &str) -> Option<MdKind> {
        self.kind_ids.get(name).copied()
    }
    /// The name of an attachment kind.
    pub fn kind_name(&self, k: MdKind) -> &str {
        &self.kinds[k.as_u32() as usize]
    }
    /// The `dbg` kind.
    pub fn dbg_kind() -> MdKind {
        MdKind::from_u32(0)
    }
    /// The operands of named metadata `name`.
    pub fn named(&self, name: &str) -> Option<&[MdId]> {
        self.named.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_slice())
    }
    /// The field `label` of a specialized node.
    pub fn field(&self, id: MdId, label: &str) -> Option<&MdField> {
        match &self.nodes[id] {
            MdNode::Special { fields, .. } => fields.iter().find(|(l, _)| l.as_deref() == Some(label)).map(|(_, f)| f),
            MdNode::Tuple { .. } => None,
        }
    }
    /// An integer field of a specialized node.
    pub fn int_field(&self, id: MdId, label: &str) -> Option<i64> {
        match self.field(id, label)? {
            MdField::Raw(s) => s.parse().ok(),
            _ => None,
        }
    }
    /// A node-reference field of a specialized node.
    pub fn ref_field(&self, id: MdId, label: &str) -> Option<MdId> {
        match self.field(id, label)? {
            MdField::Ref(MdOperand::Node(n)) => Some(*n),
            _ => None,
        }
    }
    /// A string field of a specialized node.
    pub fn str_field(&self, id: MdId, label: &str) -> Option<String> {
        match self.field(id, label)? {
            MdField::Str(s) => Some(String::from_utf8_lossy(s).into_owned()),
            _ => None,
        }
    }
    /// The class name of a specialized node.
    pub fn special_kind(&self, id: MdId) -> Option<&str> {
        match &self.nodes[id] {
            MdNode::Special { kind, .. } => Some(kind),
            MdNode::Tuple { .. } => None,
        }
    }
    /// Reads a `DILocation` node.
    pub fn di_location(&self, id: MdId) -> Option<DebugLoc> {
        if self.special_kind(id) != Some("DILocation") {
            return None;
        }
        Some(DebugLoc {
            line: self.int_field(id, "line").unwrap_or(0) as u32,
            column: self.int_field(id, "column").unwrap_or(0) as u32,
            scope: self.ref_field(id, "scope"),
            inlined_at: self.ref_field(id, "inlinedAt"),
        })
    }
    /// Every node that `id` references directly.
    pub fn references(&self, id: MdId) -> Vec<MdId> {
        let mut out = Vec::new();
        match &self.nodes[id] {
            MdNode::Tuple { ops, .. } => {
                for o in ops {
                    if let MdOperand::Node(n) = o {
                        out.push(*n);
                    }
                }
            }
            MdNode::Special { fields, .. } => {
                for (_, f) in fields {
                    if let MdField::Ref(MdOperand::Node(n)) = f {
                        out.push(*n);
                    }
                }
            }
        }
        out
    }
}
