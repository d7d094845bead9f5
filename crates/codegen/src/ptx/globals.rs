//! Module-level variables (seed 004: "Global Variable & Texture Emission", `printModuleLevelGV` and the
//! topological sort `sub_2157D50`).
//!
//! **Order.** ptxas does not accept forward references, so globals print in dependency order: a depth-first walk
//! over the module's globals in module order that emits every variable after the variables its initializer
//! references (LLVM's `VisitGlobalVariableForEmission`, with dependencies visited in order of appearance rather
//! than hash order). A cycle is an error ("Circular dependency found in global variable set", naming the cycle),
//! and so is a variable whose initializer references itself (`@p = global ptr @p`), as in LLVM: ptxas 13 accepts
//! `.global .u64 p = generic(p);` but ptxas 12.9 rejects it ("Invalid initial value expression").
//!
//! **What prints.** `llvm.*`/`nvvm.*` variables and `section "llvm.metadata"` are skipped; so are `private`
//! variables nothing uses. A variable in `.shared` with local linkage, referenced by the instructions of exactly one
//! printed function and by no printed initializer, is *demoted*: at module scope only `// NAME has been demoted`
//! is printed, and the declaration moves to the start of that function's body after `// demoted variable`
//! (LLVM demotes into device functions as well as kernels; ptxas accepts `.shared` in both). Variables in `.local`
//! (address space 5) are demoted by the same rule; where that is impossible they are an error, because ptxas does
//! not allow module-scope `.local` variables under the ABI (LLVM prints them anyway).
//!
//! **Declarations.** `[linkage] .SPACE [.attribute(.managed)] .align A TYPE NAME [= INIT];` where
//! - linkage is `.visible` (external, defined), `.extern` (external or `extern_weak`, declared), `.common` (common
//!   in `.global`), `.weak` (`weak`, `linkonce`, `available_externally`, other `common`) or nothing (local);
//! - the space follows the address space: 1 `.global`, 3 `.shared`, 4 `.const`, 5 `.local`, and 0 `.global` (LLVM's
//!   GenericToNVVM moves generic variables there; code must reach them through `cvta.global`/`generic()`);
//! - `A` is the `align` of the variable or the ABI alignment of its type;
//! - `TYPE NAME` is a scalar (`.u8` for `i1`/`i8`, `.u16`, `.u32`, `.u64` for integers and pointers, `.b16` for
//!   `half`/`bfloat`, `.f32`, `.f64`) or a byte array `.b8 NAME[SIZE]` (`[]` for a zero-sized declaration such as
//!   `extern __shared__` arrays); integers of other widths use the byte array, where LLVM would print an invalid
//!   `.u24`;
//! - initializers are printed for `.global` and `.const` only ([`crate::ptx::init`]); a non-zero initializer on any
//!   other space is an error, zero and `undef` ones are dropped.
//!
//! **Textures.** Variables annotated `texture`, `surface` or `sampler` in `nvvm.annotations` print as
//! `.global .texref NAME;`, `.global .surfref NAME;` and `.global .samplerref NAME = { addr_mode_0 = ..., ... };`
//! (OpenCL sampler bits of an integer initializer: address mode in bits 0-2, normalized coordinates bit 3, filter
//! mode bits 4-5). ptxas accepts module-scope samplers only in `texmode_independent`, so a module with one prints
//! `.target sm_XX, texmode_independent` ([`GlobalsPlan::has_samplers`]). Variables annotated `managed` get
//! `.attribute(.managed)`.

use crate::abi::state_space;
use crate::error::CodegenError;
use crate::ptx::init::{self, AggBuffer};
use crate::ptx::names;
use crate::ptx::refs::{is_emitted, is_internal_global, Refs};
use crate::target::Options;
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_ir::types::TypeData;
use simtc_ir::{ConstData, ConstExprOp, FuncId, GlobalId, GlobalRef, Linkage, MdNode, MdOperand, Module};

/// `nvvm.annotations` entries of global variables: `texture`, `surface`, `sampler`, `managed`.
pub fn global_annotations(m: &Module) -> FxHashMap<GlobalId, Vec<(String, i64)>> {
    let mut out: FxHashMap<GlobalId, Vec<(String, i64)>> = FxHashMap::default();
    let Some(nodes) = m.metadata.named("nvvm.annotations") else { return out };
    for &n in nodes {
        let MdNode::Tuple { ops, .. } = m.metadata.node(n) else { continue };
        let Some(MdOperand::Value(mut c)) = ops.first().cloned() else { continue };
        // Older IR annotates through a cast: `ptr addrspacecast (ptr addrspace(1) @tex to ptr)`.
        while let ConstData::Expr { op: ConstExprOp::Cast(_), operands, .. } = m.consts.data(c) {
            c = operands[0];
        }
        let ConstData::Global(_, GlobalRef::Var(g)) = m.consts.data(c) else { continue };
        for pair in ops[1..].chunks(2) {
            if let [MdOperand::String(k), MdOperand::Value(v)] = pair {
                if let Some(v) = m.consts.as_i128(*v).and_then(|v| i64::try_from(v).ok()) {
                    out.entry(*g).or_default().push((String::from_utf8_lossy(k).into_owned(), v));
                }
            }
        }
    }
    out
}

/// The state space a global variable lives in (see the module doc; address space 0 is `.global`).
pub fn global_space(m: &Module, g: GlobalId) -> Result<&'static str, CodegenError> {
    match m.globals[g].addrspace {
        0 => Ok("global"),
        a => state_space(a).ok_or_else(|| {
            CodegenError::new(format!(
                "global '{}' is in address space {a}, which PTX does not have",
                m.globals[g].name
            ))
        }),
    }
}

/// What the module printer needs to know about globals before printing anything.
#[derive(Clone, Debug, Default)]
pub struct GlobalsPlan {
    /// Every global (bookkeeping ones included) in dependency order.
    pub order: Vec<GlobalId>,
    /// Demoted shared variables per function, in `order`.
    pub demoted: FxHashMap<FuncId, Vec<GlobalId>>,
    /// `nvvm.annotations` of globals.
    pub annotations: FxHashMap<GlobalId, Vec<(String, i64)>>,
    /// A printed variable is a sampler (`.target …, texmode_independent`).
    pub has_samplers: bool,
}

impl GlobalsPlan {
    /// Orders the globals and decides demotions.
    pub fn new(m: &Module, refs: &Refs) -> Result<GlobalsPlan, CodegenError> {
        let annotations = global_annotations(m);
        let order = dependency_order(m, refs)?;
        let mut demoted: FxHashMap<FuncId, Vec<GlobalId>> = FxHashMap::default();
        for &g in &order {
            if let Some(f) = demotion_target(m, refs, g) {
                demoted.entry(f).or_default().push(g);
            }
        }
        let has_samplers = order.iter().any(|g| {
            !is_internal_global(m, *g)
                && annotations.get(g).is_some_and(|a| a.iter().any(|(k, v)| k == "sampler" && *v != 0))
        });
        Ok(GlobalsPlan { order, demoted, annotations, has_samplers })
    }

    fn has(&self, g: GlobalId, key: &str) -> bool {
        self.annotations.get(&g).is_some_and(|a| a.iter().any(|(k, v)| k == key && *v != 0))
    }

    /// The module-scope text of every global, in order.
    pub fn print_all(&self, m: &Module, opts: &Options, refs: &Refs) -> Result<String, CodegenError> {
        let mut s = String::new();
        for &g in &self.order {
            s.push_str(&self.print(m, opts, refs, g, false)?);
        }
        Ok(s)
    }

    /// The text of one global: its declaration line, a demotion comment (`in_function == false` for a demoted
    /// variable), or nothing for skipped ones. With `in_function`, prints the declaration for the function body.
    pub fn print(
        &self,
        m: &Module,
        opts: &Options,
        refs: &Refs,
        g: GlobalId,
        in_function: bool,
    ) -> Result<String, CodegenError> {
        let gv = &m.globals[g];
        if is_internal_global(m, g) {
            return Ok(String::new());
        }
        let err = |msg: String| CodegenError::new(format!("global '{}': {msg}", gv.name));
        let sym = names::global_symbol(m, g);
        let linkage = match gv.linkage {
            Linkage::External if gv.init.is_some() => ".visible ",
            Linkage::External | Linkage::ExternWeak => ".extern ",
            Linkage::Common if matches!(gv.addrspace, 0 | 1) => ".common ",
            Linkage::Weak | Linkage::WeakOdr | Linkage::LinkOnce | Linkage::LinkOnceOdr => ".weak ",
            Linkage::AvailableExternally | Linkage::Common => ".weak ",
            Linkage::Internal | Linkage::Private => "",
            Linkage::Appending => return Err(err("appending linkage is not supported by PTX".into())),
        };
        if self.has(g, "texture") {
            return Ok(format!("{linkage}.global .texref {sym};\n"));
        }
        if self.has(g, "surface") {
            return Ok(format!("{linkage}.global .surfref {sym};\n"));
        }
        let space = global_space(m, g)?;
        let managed = if self.has(g, "managed") {
            if space != "global" {
                return Err(err("only .global variables can be managed".into()));
            }
            " .attribute(.managed)"
        } else {
            ""
        };
        let align = gv.align.unwrap_or_else(|| m.types.abi_align(gv.ty));
        let head = format!("{linkage}.{space}{managed} .align {align}");
        let size = m.types.store_size(gv.ty);
        if !m.types.is_sized(gv.ty) {
            return Err(err("unsized type".into()));
        }
        let scalar = scalar_type(m, gv.ty);
        let Some(init) = gv.init else {
            return Ok(match scalar {
                Some(t) => format!("{head} .{t} {sym};\n"),
                None if size == 0 => format!("{head} .b8 {sym}[];\n"),
                None => format!("{head} .b8 {sym}[{size}];\n"),
            });
        };
        if self.has(g, "sampler") {
            return Ok(format!("{linkage}.global .samplerref {sym}{};\n", sampler_init(m, init).map_err(err)?));
        }
        if gv.linkage == Linkage::Private
            && !refs.var_users.contains_key(&g)
            && !refs.in_printed_init.contains(&GlobalRef::Var(g))
        {
            return Ok(String::new());
        }
        if !in_function && demotion_target(m, refs, g).is_some() {
            return Ok(format!("// {} has been demoted\n", gv.name));
        }
        if space == "local" && !in_function {
            return Err(err("module-scope .local variables are not allowed by PTX; only a local variable used by one function can be placed in it".into()));
        }
        let initialized = matches!(space, "global" | "const");
        if !initialized && !init::is_null_or_undef(m, init) {
            return Err(err(format!("an initial value is not allowed in addrspace({})", gv.addrspace)));
        }
        let e = |e: CodegenError| err(e.message);
        if let Some(t) = scalar {
            let value = if initialized { init::scalar_init(m, init).map_err(e)? } else { None };
            return Ok(match value {
                Some(v) => format!("{head} .{t} {sym} = {v};\n"),
                None => format!("{head} .{t} {sym};\n"),
            });
        }
        if size == 0 {
            return Ok(format!("{head} .b8 {sym};\n"));
        }
        let buf = if initialized && !init::is_null_or_undef(m, init) {
            Some(AggBuffer::new(m, init, size).map_err(e)?)
        } else {
            None
        };
        Ok(match buf {
            Some(b) if b.is_zero() => format!("{head} .b8 {sym}[{size}];\n"),
            Some(b) if b.syms.is_empty() => format!("{head} .b8 {sym}[{size}] = {{{}}};\n", b.print_bytes()),
            Some(b) if b.fits_words() => format!("{head} .u64 {sym}[{}] = {{{}}};\n", size / 8, b.print_words()),
            Some(b) => {
                if !opts.has_mask_operator() {
                    return Err(err(
                        "an initialized packed aggregate with pointers requires PTX ISA version 7.1".into()
                    ));
                }
                format!("{head} .u8 {sym}[{size}] = {{{}}};\n", b.print_masked())
            }
            None => format!("{head} .b8 {sym}[{size}];\n"),
        })
    }
}

/// The scalar PTX type of a variable of type `ty`, or `None` for byte arrays.
fn scalar_type(m: &Module, ty: simtc_ir::Type) -> Option<&'static str> {
    Some(match m.types.data(ty) {
        TypeData::Int(1 | 8) => "u8",
        TypeData::Int(16) => "u16",
        TypeData::Int(32) => "u32",
        TypeData::Int(64) | TypeData::Ptr(_) => "u64",
        TypeData::Half | TypeData::BFloat => "b16",
        TypeData::Float => "f32",
        TypeData::Double => "f64",
        _ => return None,
    })
}

/// The function a variable is demoted into, if it qualifies (see the module doc).
pub fn demotion_target(m: &Module, refs: &Refs, g: GlobalId) -> Option<FuncId> {
    let gv = &m.globals[g];
    if !gv.linkage.is_local() || !matches!(gv.addrspace, 3 | 5) || gv.init.is_none() || is_internal_global(m, g) {
        return None;
    }
    if refs.in_printed_init.contains(&GlobalRef::Var(g)) {
        return None;
    }
    match refs.var_users.get(&g).map(Vec::as_slice) {
        Some(&[f]) if is_emitted(m, f) => Some(f),
        _ => None,
    }
}

/// The ` = { addr_mode_0 = ..., filter_mode = ... }` block of a sampler, empty without an integer initializer.
fn sampler_init(m: &Module, init: simtc_ir::ConstId) -> Result<String, String> {
    let bits = match m.consts.data(init) {
        ConstData::Int(_, v) => v.words()[0],
        ConstData::Zero(_) => 0,
        _ => return Ok(String::new()),
    };
    let addr = match bits & 0x7 {
        0 | 3 => "wrap",
        1 => "clamp_to_border",
        2 => "clamp_to_edge",
        4 => "mirror",
        a => return Err(format!("sampler address mode {a} is not valid")),
    };
    let filter = match (bits >> 4) & 0x3 {
        0 | 3 => "nearest",
        1 => "linear",
        _ => return Err("anisotropic sampler filtering is not supported".into()),
    };
    let mut s =
        format!(" = {{ addr_mode_0 = {addr}, addr_mode_1 = {addr}, addr_mode_2 = {addr}, filter_mode = {filter}");
    if bits & 0x8 == 0 {
        s.push_str(", force_unnormalized_coords = 1");
    }
    s.push_str(" }");
    Ok(s)
}

/// Every global in dependency order (see the module doc).
fn dependency_order(m: &Module, refs: &Refs) -> Result<Vec<GlobalId>, CodegenError> {
    let mut order = Vec::with_capacity(m.global_order.len());
    let mut done: FxHashSet<GlobalId> = FxHashSet::default();
    let mut on_stack: FxHashSet<GlobalId> = FxHashSet::default();
    for root in m.global_ids() {
        if done.contains(&root) {
            continue;
        }
        // Explicit stack of (global, its dependencies, next dependency index).
        let deps = |g: GlobalId| refs.init_vars(g).collect::<Vec<_>>();
        let mut stack = vec![(root, deps(root), 0usize)];
        on_stack.insert(root);
        while let Some((g, ds, i)) = stack.last_mut() {
            let g = *g;
            if let Some(&d) = ds.get(*i) {
                *i += 1;
                if done.contains(&d) {
                    continue;
                }
                if on_stack.contains(&d) {
                    let start = stack.iter().position(|(x, ..)| *x == d).unwrap_or(0);
                    let mut cycle: Vec<&str> =
                        stack[start..].iter().map(|(x, ..)| m.globals[*x].name.as_str()).collect();
                    cycle.push(&m.globals[d].name);
                    return Err(CodegenError::new(format!(
                        "Circular dependency found in global variable set: {}",
                        cycle.join(" -> ")
                    )));
                }
                on_stack.insert(d);
                stack.push((d, deps(d), 0));
            } else {
                stack.pop();
                on_stack.remove(&g);
                done.insert(g);
                order.push(g);
            }
        }
    }
    Ok(order)
}
