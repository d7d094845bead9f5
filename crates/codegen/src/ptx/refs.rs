//! Who references which symbol: the facts the module printer needs to decide which functions get a forward
//! `.func` declaration, in which order globals must be printed, and which shared variables can be demoted into
//! the one function that uses them (seed 004: "Function forward declaration emission", "Global variable
//! topological sort", "Demoted globals").
//!
//! References are collected through constants, including nested constant expressions (`getelementptr`,
//! `addrspacecast`, `ptrtoint`), from the operands of every instruction of every *emitted* function (definitions
//! that are not `available_externally`: those are printed as declarations) and from every global initializer.
//! Lists keep the order of first appearance, so everything derived from them is deterministic. Initializers of
//! `llvm.*`/`nvvm.*` globals (`llvm.used`, `llvm.compiler.used`, ...) are never printed, and their references do
//! not count as uses.

use rustc_hash::{FxHashMap, FxHashSet};
use simtc_ir::{ConstData, ConstId, FuncId, GlobalId, GlobalRef, Linkage, Module, ValueDef};

/// References between the module's functions and globals.
#[derive(Clone, Debug, Default)]
pub struct Refs {
    /// For each emitted function: the symbols its instructions reference, in first-use order.
    pub func_refs: FxHashMap<FuncId, Vec<GlobalRef>>,
    /// For each global variable: the emitted functions whose instructions reference it, in module order.
    pub var_users: FxHashMap<GlobalId, Vec<FuncId>>,
    /// For each function: the emitted functions that call it or take its address, in module order.
    pub func_users: FxHashMap<FuncId, Vec<FuncId>>,
    /// For each global with an initializer: the symbols it references, in order of appearance.
    pub init_refs: FxHashMap<GlobalId, Vec<GlobalRef>>,
    /// Symbols referenced from the initializer of a printed global (not `llvm.*`/`nvvm.*`).
    pub in_printed_init: FxHashSet<GlobalRef>,
}

/// Whether a function's body is printed: it has one and is not `available_externally`.
pub fn is_emitted(m: &Module, f: FuncId) -> bool {
    let func = &m.funcs[f];
    !func.is_declaration() && func.linkage != Linkage::AvailableExternally
}

/// Whether a global is one of LLVM's or NVVM's bookkeeping variables, never printed.
pub fn is_internal_global(m: &Module, g: GlobalId) -> bool {
    let gv = &m.globals[g];
    gv.name.starts_with("llvm.") || gv.name.starts_with("nvvm.") || gv.section.as_deref() == Some("llvm.metadata")
}

impl Refs {
    /// Scans the module.
    pub fn scan(m: &Module) -> Refs {
        let mut r = Refs::default();
        for f in m.func_ids().filter(|&f| is_emitted(m, f)) {
            let func = &m.funcs[f];
            let mut seen = FxHashSet::default();
            let mut list = Vec::new();
            let mut visited = FxHashSet::default();
            let mut stack = Vec::new();
            for b in func.layout.blocks() {
                for i in func.layout.block_insts(b) {
                    for &v in func.dfg.args(i) {
                        if let ValueDef::Const(c) = func.dfg.value_def(v) {
                            if !visited.contains(c) {
                                collect(m, *c, &mut visited, &mut seen, &mut list, &mut stack);
                            }
                        }
                    }
                }
            }
            for &s in &list {
                match s {
                    GlobalRef::Var(g) => r.var_users.entry(g).or_default().push(f),
                    GlobalRef::Func(callee) => r.func_users.entry(callee).or_default().push(f),
                }
            }
            r.func_refs.insert(f, list);
        }
        for g in m.global_ids() {
            let Some(init) = m.globals[g].init else { continue };
            let mut list = Vec::new();
            collect(m, init, &mut FxHashSet::default(), &mut FxHashSet::default(), &mut list, &mut Vec::new());
            if !is_internal_global(m, g) {
                r.in_printed_init.extend(list.iter().copied());
            }
            r.init_refs.insert(g, list);
        }
        r
    }

    /// Whether `f` is used at all by printed code or data.
    pub fn func_is_used(&self, f: FuncId) -> bool {
        self.func_users.contains_key(&f) || self.in_printed_init.contains(&GlobalRef::Func(f))
    }

    /// The global variables `g`'s initializer references, in order of appearance.
    pub fn init_vars(&self, g: GlobalId) -> impl Iterator<Item = GlobalId> + '_ {
        self.init_refs.get(&g).into_iter().flatten().filter_map(|r| match r {
            GlobalRef::Var(v) => Some(*v),
            GlobalRef::Func(_) => None,
        })
    }
}

/// Appends the symbols constant `c` references to `out` (each once, tracked in `seen`); `visited` stops the walk
/// from revisiting shared sub-constants; `stack` is scratch space (empty on entry and on return).
fn collect(
    m: &Module,
    c: ConstId,
    visited: &mut FxHashSet<ConstId>,
    seen: &mut FxHashSet<GlobalRef>,
    out: &mut Vec<GlobalRef>,
    stack: &mut Vec<ConstId>,
) {
    stack.push(c);
    while let Some(c) = stack.pop() {
        if !visited.insert(c) {
            continue;
        }
        match m.consts.data(c) {
            ConstData::Global(_, r) if seen.insert(*r) => out.push(*r),
            ConstData::Array(_, ops) | ConstData::Struct(_, ops) | ConstData::Vector(_, ops) => {
                stack.extend(ops.iter().rev());
            }
            ConstData::Expr { operands, .. } => stack.extend(operands.iter().rev()),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collects_uses_in_order() {
        let src = "@a = addrspace(1) global i32 1\n\
                   @b = addrspace(1) global ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(1) @a to ptr), i64 4)\n\
                   @t = addrspace(1) global [2 x ptr] [ptr @g, ptr @f]\n\
                   @llvm.used = appending global [1 x ptr] [ptr @h], section \"llvm.metadata\"\n\
                   declare void @g()\n declare void @h()\n declare void @unused()\n\
                   define void @f() { call void @g()\n %x = load i32, ptr addrspace(1) @a\n ret void }\n\
                   define available_externally void @ae() { call void @unused()\n ret void }";
        let m = simtc_llvm_reader::parse_module(src).unwrap();
        let r = Refs::scan(&m);
        let [a, b, t, _] = m.global_ids().collect::<Vec<_>>()[..] else { panic!() };
        let [g, h, unused, f, ae] = m.func_ids().collect::<Vec<_>>()[..] else { panic!() };
        assert_eq!(r.func_refs[&f], [GlobalRef::Func(g), GlobalRef::Var(a)]);
        assert_eq!(r.var_users[&a], [f]);
        assert_eq!(r.init_vars(b).collect::<Vec<_>>(), [a]);
        assert_eq!(r.init_vars(t).count(), 0);
        assert!(r.func_is_used(g) && r.func_is_used(f));
        assert!(!r.func_is_used(h), "llvm.used does not count");
        assert!(!r.func_is_used(unused), "available_externally bodies are not printed");
        assert!(!is_emitted(&m, ae) && is_emitted(&m, f));
        assert!(!r.func_refs.contains_key(&ae));
    }
}
