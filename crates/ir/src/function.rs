//! Functions: signature, attributes, data-flow graph and layout.

use crate::attrs::AttrSet;
use crate::dfg::DataFlowGraph;
use crate::inst::{CallConv, Inst, InstData};
use crate::layout::{Block, Layout};
use crate::metadata::{MdId, MdKind};
use crate::module::{Linkage, UnnamedAddr, Visibility};
use crate::types::Type;
use crate::value::{Value, ValueDef};
use smallvec::SmallVec;

/// One function definition or declaration.
#[derive(Clone, Debug)]
pub struct Function {
    /// Name without `@`.
    pub name: String,
    /// The function type.
    pub ty: Type,
    /// Linkage.
    pub linkage: Linkage,
    /// Visibility.
    pub visibility: Visibility,
    /// `dso_local`.
    pub dso_local: bool,
    /// Calling convention.
    pub cc: CallConv,
    /// `unnamed_addr` / `local_unnamed_addr`.
    pub unnamed_addr: UnnamedAddr,
    /// `addrspace(N)` of the function, if written.
    pub addrspace: Option<u32>,
    /// `section "..."`.
    pub section: Option<String>,
    /// `comdat` / `comdat($name)`, as written.
    pub comdat: Option<String>,
    /// `align N`.
    pub align: Option<u64>,
    /// `gc "..."`.
    pub gc: Option<String>,
    /// Function attributes.
    pub attrs: AttrSet,
    /// Return attributes.
    pub ret_attrs: AttrSet,
    /// Parameter attributes, one set per parameter.
    pub param_attrs: Vec<AttrSet>,
    /// Parameter values (definitions are [`ValueDef::Arg`]).
    pub params: Vec<Value>,
    /// Instructions and values.
    pub dfg: DataFlowGraph,
    /// Order of blocks and instructions.
    pub layout: Layout,
    /// Function-level metadata attachments (`!dbg !12`).
    pub md: Vec<(MdKind, MdId)>,
}

impl Function {
    /// A declaration with the given function type; parameters are created from it.
    pub fn new(name: &str, ty: Type, param_tys: &[Type]) -> Self {
        let mut dfg = DataFlowGraph::new();
        let params = param_tys.iter().enumerate().map(|(i, &t)| dfg.make_value(ValueDef::Arg(i as u32), t)).collect();
        Function {
            name: name.to_string(),
            ty,
            linkage: crate::module::Linkage::External,
            visibility: Visibility::Default,
            dso_local: false,
            cc: CallConv::C,
            unnamed_addr: UnnamedAddr::None,
            addrspace: None,
            section: None,
            comdat: None,
            align: None,
            gc: None,
            attrs: AttrSet::new(),
            ret_attrs: AttrSet::new(),
            param_attrs: vec![AttrSet::new(); param_tys.len()],
            params,
            dfg,
            layout: Layout::new(),
            md: Vec::new(),
        }
    }

    /// A copy of everything but the body: the signature, attributes and attachments, with fresh parameter values
    /// of the same types (a declaration, whatever `self` is). For per-thread copies of a module in which every
    /// function but the one being worked on only needs to be looked up.
    pub fn header_clone(&self) -> Function {
        let tys: Vec<Type> = self.params.iter().map(|&p| self.dfg.value_ty(p)).collect();
        let mut h = Function::new(&self.name, self.ty, &tys);
        h.linkage = self.linkage;
        h.visibility = self.visibility;
        h.dso_local = self.dso_local;
        h.cc = self.cc;
        h.unnamed_addr = self.unnamed_addr;
        h.addrspace = self.addrspace;
        h.section.clone_from(&self.section);
        h.comdat.clone_from(&self.comdat);
        h.align = self.align;
        h.gc.clone_from(&self.gc);
        h.attrs.clone_from(&self.attrs);
        h.ret_attrs.clone_from(&self.ret_attrs);
        h.param_attrs.clone_from(&self.param_attrs);
        h.md.clone_from(&self.md);
        h
    }

    /// True when the function has no body.
    pub fn is_declaration(&self) -> bool {
        self.layout.entry_block().is_none()
    }
    /// True for kernels (`ptx_kernel` calling convention; `nvvm.annotations` kernels are marked so by the reader).
    pub fn is_kernel(&self) -> bool {
        self.cc == CallConv::PtxKernel
    }
    /// The entry block.
    pub fn entry(&self) -> Option<Block> {
        self.layout.entry_block()
    }
    /// Creates a block and appends it to the layout.
    pub fn append_block(&mut self, name: Option<&str>) -> Block {
        let b = self.dfg.make_block(name);
        self.layout.append_block(b);
        b
    }
    /// Creates an instruction and appends it to `b`; returns the instruction.
    pub fn append_inst(&mut self, b: Block, data: InstData) -> Inst {
        let i = self.dfg.make_inst(data, Type::VOID);
        self.layout.append_inst(i, b);
        i
    }
    /// The terminator of `b` (its last instruction, if that is a terminator).
    pub fn terminator(&self, b: Block) -> Option<Inst> {
        let last = self.layout.last_inst(b)?;
        self.dfg.inst(last).is_terminator().then_some(last)
    }
    /// Successors of `b` in terminator order (duplicates kept).
    pub fn successors(&self, b: Block) -> SmallVec<[Block; 2]> {
        self.terminator(b).map(|t| self.dfg.inst(t).successors()).unwrap_or_default()
    }
    /// Removes `i` from the layout and drops its operands and attachments. Its result must be unused.
    pub fn remove_inst(&mut self, i: Inst) {
        debug_assert!(
            self.dfg.result(i).is_none_or(|v| !self.dfg.has_uses(v)),
            "removing an instruction whose result is still used"
        );
        if self.layout.inst_block(i).is_some() {
            self.layout.remove_inst(i);
        }
        self.dfg.clear_args(i);
        self.dfg.clear_inst_md(i);
    }
    /// Removes block `b` and every instruction in it. Results defined in it must be unused outside it.
    pub fn remove_block(&mut self, b: Block) {
        let insts: Vec<Inst> = self.layout.block_insts(b).collect();
        for &i in insts.iter().rev() {
            self.layout.remove_inst(i);
            self.dfg.clear_args(i);
            self.dfg.clear_inst_md(i);
        }
        self.layout.remove_block(b);
    }
    /// The value's display name for diagnostics: `%name` or the definition's id.
    pub fn value_label(&self, v: Value) -> String {
        match self.dfg.value_name(v) {
            Some(n) => format!("%{n}"),
            None => format!("%{v}"),
        }
    }
    /// The block's display name for diagnostics.
    pub fn block_label(&self, b: Block) -> String {
        match self.dfg.block_name(b) {
            Some(n) => format!("%{n}"),
            None => format!("%{b}"),
        }
    }
    /// Number of instructions in the layout (O(size)).
    pub fn num_insts(&self) -> usize {
        self.layout.blocks().map(|b| self.layout.block_insts(b).count()).sum()
    }
}
