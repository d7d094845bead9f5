//! Modules: types, constants, globals, functions, metadata.

use crate::attrs::AttrSet;
use crate::constant::{ConstId, ConstPool};
use crate::entity::PrimaryMap;
use crate::function::Function;
use crate::metadata::{MdId, MdKind, MetadataTable};
use crate::types::{Type, TypeStore};

crate::define_id!(
    /// A global variable.
    GlobalId,
    "@g"
);
crate::define_id!(
    /// A function.
    FuncId,
    "@f"
);

/// Linkage types.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Linkage {
    /// `external` (default; not printed for definitions).
    #[default]
    External,
    /// `private`.
    Private,
    /// `internal`.
    Internal,
    /// `available_externally`.
    AvailableExternally,
    /// `linkonce`.
    LinkOnce,
    /// `linkonce_odr`.
    LinkOnceOdr,
    /// `weak`.
    Weak,
    /// `weak_odr`.
    WeakOdr,
    /// `common`.
    Common,
    /// `appending`.
    Appending,
    /// `extern_weak`.
    ExternWeak,
}

impl Linkage {
    /// Every linkage with its spelling.
    pub const ALL: &'static [(&'static str, Linkage)] = &[
        ("external", Linkage::External),
        ("private", Linkage::Private),
        ("internal", Linkage::Internal),
        ("available_externally", Linkage::AvailableExternally),
        ("linkonce", Linkage::LinkOnce),
        ("linkonce_odr", Linkage::LinkOnceOdr),
        ("weak", Linkage::Weak),
        ("weak_odr", Linkage::WeakOdr),
        ("common", Linkage::Common),
        ("appending", Linkage::Appending),
        ("extern_weak", Linkage::ExternWeak),
    ];
    /// The spelling.
    pub fn name(self) -> &'static str {
        Linkage::ALL.iter().find(|(_, l)| *l == self).map(|(s, _)| *s).unwrap_or("external")
    }
    /// Parses a spelling.
    pub fn from_name(s: &str) -> Option<Linkage> {
        Linkage::ALL.iter().find(|(n, _)| *n == s).map(|(_, l)| *l)
    }
    /// True for linkages local to the module.
    pub fn is_local(self) -> bool {
        matches!(self, Linkage::Private | Linkage::Internal)
    }
}

/// Symbol visibility.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Visibility {
    /// `default`.
    #[default]
    Default,
    /// `hidden`.
    Hidden,
    /// `protected`.
    Protected,
}

/// `unnamed_addr` markers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum UnnamedAddr {
    /// None.
    #[default]
    None,
    /// `local_unnamed_addr`.
    Local,
    /// `unnamed_addr`.
    Global,
}

/// A global variable.
#[derive(Clone, Debug, PartialEq)]
pub struct GlobalVar {
    /// Name without `@`.
    pub name: String,
    /// The value type.
    pub ty: Type,
    /// Address space.
    pub addrspace: u32,
    /// Linkage.
    pub linkage: Linkage,
    /// Visibility.
    pub visibility: Visibility,
    /// `dso_local`.
    pub dso_local: bool,
    /// `thread_local(...)` as written, if any.
    pub thread_local: Option<String>,
    /// `unnamed_addr` / `local_unnamed_addr`.
    pub unnamed_addr: UnnamedAddr,
    /// `externally_initialized`.
    pub externally_initialized: bool,
    /// `constant` (vs `global`).
    pub is_constant: bool,
    /// The initializer; `None` for declarations.
    pub init: Option<ConstId>,
    /// `section "..."`.
    pub section: Option<String>,
    /// `align N`.
    pub align: Option<u64>,
    /// `comdat` / `comdat($name)`, as written.
    pub comdat: Option<String>,
    /// Attributes (`#N` on globals).
    pub attrs: AttrSet,
    /// Metadata attachments (`!dbg !3`).
    pub md: Vec<(MdKind, MdId)>,
}

impl GlobalVar {
    /// An external declaration of `name` with value type `ty` in `addrspace`.
    pub fn new(name: &str, ty: Type, addrspace: u32) -> Self {
        GlobalVar {
            name: name.to_string(),
            ty,
            addrspace,
            linkage: Linkage::External,
            visibility: Visibility::Default,
            dso_local: false,
            thread_local: None,
            unnamed_addr: UnnamedAddr::None,
            externally_initialized: false,
            is_constant: false,
            init: None,
            section: None,
            align: None,
            comdat: None,
            attrs: AttrSet::new(),
            md: Vec::new(),
        }
    }
}

/// A whole translation unit.
#[derive(Clone, Debug)]
pub struct Module {
    /// `source_filename = "..."`.
    pub source_filename: Option<String>,
    /// `target datalayout = "..."`.
    pub datalayout: Option<String>,
    /// `target triple = "..."`.
    pub triple: Option<String>,
    /// `module asm "..."` lines.
    pub module_asm: Vec<String>,
    /// `$name = comdat any` definitions.
    pub comdats: Vec<(String, String)>,
    /// Types.
    pub types: TypeStore,
    /// Constants.
    pub consts: ConstPool,
    /// Global variables (all ever created; see [`Module::global_order`]).
    pub globals: PrimaryMap<GlobalId, GlobalVar>,
    /// Functions (all ever created; see [`Module::func_order`]).
    pub funcs: PrimaryMap<FuncId, Function>,
    /// Globals in module order; removing a global removes it from here.
    pub global_order: Vec<GlobalId>,
    /// Functions in module order; removing a function removes it from here.
    pub func_order: Vec<FuncId>,
    /// Metadata.
    pub metadata: MetadataTable,
}

impl Default for Module {
    fn default() -> Self {
        Self::new()
    }
}

impl Module {
    /// An empty module.
    pub fn new() -> Self {
        Module {
            source_filename: None,
            datalayout: None,
            triple: None,
            module_asm: Vec::new(),
            comdats: Vec::new(),
            types: TypeStore::new(),
            consts: ConstPool::new(),
            globals: PrimaryMap::new(),
            funcs: PrimaryMap::new(),
            global_order: Vec::new(),
            func_order: Vec::new(),
            metadata: MetadataTable::new(),
        }
    }
    /// A copy of the module in which every function is [`Function::header_clone`]d (no bodies): the tables a
    /// thread working on one function at a time needs (types, constants, globals, metadata, the other functions'
    /// signatures and attributes), without copying every body.
    pub fn clone_without_bodies(&self) -> Module {
        let mut funcs = PrimaryMap::with_capacity(self.funcs.len());
        for (_, f) in self.funcs.iter() {
            funcs.push(f.header_clone());
        }
        Module {
            source_filename: self.source_filename.clone(),
            datalayout: self.datalayout.clone(),
            triple: self.triple.clone(),
            module_asm: self.module_asm.clone(),
            comdats: self.comdats.clone(),
            types: self.types.clone(),
            consts: self.consts.clone(),
            globals: self.globals.clone(),
            funcs,
            global_order: self.global_order.clone(),
            func_order: self.func_order.clone(),
            metadata: self.metadata.clone(),
        }
    }
    /// Adds a global variable at the end of the module order.
    pub fn add_global(&mut self, g: GlobalVar) -> GlobalId {
        let id = self.globals.push(g);
        self.global_order.push(id);
        id
    }
    /// Adds a function at the end of the module order.
    pub fn add_func(&mut self, f: Function) -> FuncId {
        let id = self.funcs.push(f);
        self.func_order.push(id);
        id
    }
    /// Looks up a function by name (linear; build a map for repeated queries).
    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        self.func_order.iter().copied().find(|&f| self.funcs[f].name == name)
    }
    /// Looks up a global variable by name (linear).
    pub fn global_by_name(&self, name: &str) -> Option<GlobalId> {
        self.global_order.iter().copied().find(|&g| self.globals[g].name == name)
    }
    /// Functions in module order.
    pub fn func_ids(&self) -> impl Iterator<Item = FuncId> + '_ {
        self.func_order.iter().copied()
    }
    /// Globals in module order.
    pub fn global_ids(&self) -> impl Iterator<Item = GlobalId> + '_ {
        self.global_order.iter().copied()
    }
    /// The pointer type of a global's address.
    pub fn global_ptr_type(&mut self, g: GlobalId) -> Type {
        let a = self.globals[g].addrspace;
        self.types.ptr(a)
    }
    /// Parameter types and return type of a function.
    pub fn func_sig(&self, f: FuncId) -> (Type, Vec<Type>, bool) {
        let (r, p, va) = self.types.func_parts(self.funcs[f].ty).expect("function type");
        (r, p.to_vec(), va)
    }
    /// Whether `f` is a kernel: `ptx_kernel` calling convention, or a `!{ptr @f, !"kernel", i32 1}` entry in
    /// `!nvvm.annotations` (the LLVM <= 19 form clang still emits).
    pub fn is_kernel(&self, f: FuncId) -> bool {
        self.funcs[f].cc == crate::inst::CallConv::PtxKernel
            || self.annotations(f).iter().any(|(k, v)| k == "kernel" && *v == 1)
    }

    /// The `nvvm.annotations` entries for `f` as `(key, integer value)` pairs (`maxntidx`, `minctasm`, ...).
    pub fn annotations(&self, f: FuncId) -> Vec<(String, i64)> {
        use crate::constant::{ConstData, GlobalRef};
        use crate::metadata::{MdNode, MdOperand};
        let mut out = Vec::new();
        let Some(nodes) = self.metadata.named("nvvm.annotations") else { return out };
        for &n in nodes {
            let MdNode::Tuple { ops, .. } = self.metadata.node(n) else { continue };
            let Some(MdOperand::Value(c)) = ops.first() else { continue };
            if !matches!(self.consts.data(*c), ConstData::Global(_, GlobalRef::Func(g)) if *g == f) {
                continue;
            }
            for pair in ops[1..].chunks(2) {
                if let [MdOperand::String(k), MdOperand::Value(v)] = pair {
                    if let Some(v) = self.consts.as_i128(*v).and_then(|v| i64::try_from(v).ok()) {
                        out.push((String::from_utf8_lossy(k).into_owned(), v));
                    }
                }
            }
        }
        out
    }

    /// Total instruction count over all function bodies.
    pub fn num_insts(&self) -> usize {
        self.func_ids().map(|f| self.funcs[f].num_insts()).sum()
    }
}
