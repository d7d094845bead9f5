//! The NVPTX rules: which instructions are sources of divergence, which are uniform whatever their operands, and
//! the pointer-provenance analysis that decides whether a generic load may read thread-private (local) memory.
//!
//! The rules themselves are listed (with their justification) in the documentation of
//! [`crate::uniformity`]; this file only implements them.

use simtc_ir::{
    AtomicOrdering, ConstData, ConstExprOp, ConstId, FuncId, Function, GlobalRef, Inst, InstKind, Module, Value,
    ValueDef,
};

/// Why a value is a source of divergence (it differs between the lanes of a warp whatever its operands).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// `llvm.nvvm.read.ptx.sreg.tid.*`: the thread index within the CTA.
    ThreadIndex,
    /// `llvm.nvvm.read.ptx.sreg.laneid`.
    LaneId,
    /// `llvm.nvvm.read.ptx.sreg.lanemask.*`: per-lane bit masks.
    LaneMask,
    /// `clock`, `clock64`, `globaltimer`: lanes may read them at different times.
    Timer,
    /// `smid`, `warpid`: may change during execution (preemption, migration) between two lanes' reads.
    Placement,
    /// A special register simtc does not know (`pm0`, `envreg3`, ...).
    UnknownRegister,
    /// An argument of a function that is not a kernel (its call sites are not analysed).
    DeviceArgument,
    /// A load from local (per-thread) memory, `addrspace(5)`.
    LocalLoad,
    /// A load through a generic pointer that may point to local (per-thread) memory.
    GenericLoad,
    /// A load from an address space simtc does not know.
    UnknownAddressSpace,
    /// An atomic load: it may race with writes, and each lane's access is ordered separately.
    AtomicLoad,
    /// `atomicrmw` / `cmpxchg`: lanes are serialised, each sees another old value.
    Atomic,
    /// `llvm.nvvm.shfl.*`: each lane reads another lane's value.
    Shuffle,
    /// `llvm.nvvm.match.any.sync`: a per-lane mask.
    MatchAny,
    /// `llvm.nvvm.activemask`: not a synchronising operation, lanes may execute it at different times.
    ActiveMask,
    /// A call to a function or intrinsic that is not known to be uniform (no interprocedural analysis).
    Call,
    /// A call of inline assembly.
    InlineAsm,
    /// A call through a function pointer.
    IndirectCall,
    /// A dynamic `alloca` (not a constant-size `alloca` in the entry block): it moves the per-thread stack pointer.
    DynamicAlloca,
}

impl Source {
    /// A short description for reason chains.
    pub fn describe(self) -> &'static str {
        match self {
            Source::ThreadIndex => "thread index",
            Source::LaneId => "lane index",
            Source::LaneMask => "per-lane lane mask",
            Source::Timer => "timer read (lanes may read it at different times)",
            Source::Placement => "SM/warp placement register (may change between the lanes' reads)",
            Source::UnknownRegister => "unknown special register",
            Source::DeviceArgument => "argument of a non-kernel function",
            Source::LocalLoad => "load from local (per-thread) memory",
            Source::GenericLoad => "load through a generic pointer that may point to local (per-thread) memory",
            Source::UnknownAddressSpace => "load from an unknown address space",
            Source::AtomicLoad => "atomic load",
            Source::Atomic => "atomic read-modify-write (each lane sees a different old value)",
            Source::Shuffle => "warp shuffle (each lane reads another lane's value)",
            Source::MatchAny => "match.any (per-lane mask)",
            Source::ActiveMask => "activemask (not synchronising)",
            Source::Call => "result of a call that is not a known-uniform intrinsic",
            Source::InlineAsm => "result of inline assembly",
            Source::IndirectCall => "result of an indirect call",
            Source::DynamicAlloca => "dynamic alloca (per-thread stack pointer)",
        }
    }
}

/// How an instruction's divergence follows from its operands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Divergent iff some operand is divergent (or by sync/temporal dependence).
    Data,
    /// Always divergent.
    Source(Source),
    /// The same for all lanes executing it, whatever the operands (warp votes and reductions, uniform registers).
    AlwaysUniform,
    /// `shfl.sync.idx` broadcasting one lane to the whole warp: divergent iff an operand other than the shuffled
    /// value (operand `value_arg`) is divergent.
    Broadcast {
        /// Index in `args` of the shuffled value.
        value_arg: usize,
    },
}

/// The name of a call's callee, or why there is none.
pub(crate) enum Callee<'m> {
    Named(&'m str),
    InlineAsm,
    Indirect,
}

pub(crate) fn callee<'m>(m: &'m Module, func: &Function, i: Inst) -> Callee<'m> {
    let data = func.dfg.inst(i);
    let Some(c) = data.callee() else { return Callee::Indirect };
    match func.dfg.value_def(c) {
        ValueDef::Const(k) => match m.consts.data(*k) {
            ConstData::Global(_, GlobalRef::Func(g)) => Callee::Named(&m.funcs[*g].name),
            _ => Callee::Indirect,
        },
        ValueDef::InlineAsm(_) => Callee::InlineAsm,
        _ => Callee::Indirect,
    }
}

/// `name == p` or `name` starts with `p.` (intrinsic names carry type suffixes).
fn family(name: &str, p: &str) -> bool {
    name == p || (name.len() > p.len() && name.starts_with(p) && name.as_bytes()[p.len()] == b'.')
}

/// Special registers (`llvm.nvvm.read.ptx.sreg.NAME`).
fn sreg_rule(r: &str) -> Rule {
    const UNIFORM: &[&str] = &[
        "ctaid",
        "ntid",
        "nctaid",
        "warpsize",
        "nsmid",
        "nwarpid",
        "gridid",
        "clusterid",
        "nclusterid",
        "cluster.ctaid",
        "cluster.nctaid",
        "cluster.ctarank",
        "cluster.nctarank",
        "is.explicit.cluster",
        "total_smem_size",
        "dynamic_smem_size",
        "aggr_smem_size",
    ];
    if family(r, "tid") {
        Rule::Source(Source::ThreadIndex)
    } else if r == "laneid" {
        Rule::Source(Source::LaneId)
    } else if r.starts_with("lanemask") {
        Rule::Source(Source::LaneMask)
    } else if matches!(r, "clock" | "clock64" | "globaltimer" | "globaltimer.lo" | "globaltimer.hi") {
        Rule::Source(Source::Timer)
    } else if matches!(r, "smid" | "warpid") {
        Rule::Source(Source::Placement)
    } else if UNIFORM.iter().any(|p| family(r, p)) {
        Rule::AlwaysUniform
    } else {
        Rule::Source(Source::UnknownRegister)
    }
}

/// Target-independent intrinsics whose result is a function of their operands only (no memory, no lane state).
#[rustfmt::skip]
const PURE_LLVM: &[&str] = &[
    "abs", "smax", "smin", "umax", "umin", "fabs", "sqrt", "fma", "fmuladd", "ctpop", "ctlz", "cttz", "bswap",
    "bitreverse", "fshl", "fshr", "minnum", "maxnum", "minimum", "maximum", "minimumnum", "maximumnum", "copysign",
    "floor", "ceil", "trunc", "rint", "nearbyint", "round", "roundeven", "lround", "llround", "lrint", "llrint",
    "exp", "exp2", "exp10", "log", "log2", "log10", "pow", "powi", "sin", "cos", "tan", "asin", "acos", "atan",
    "atan2", "sinh", "cosh", "tanh", "sincos", "ldexp", "frexp", "is.fpclass", "canonicalize",
    "sadd.with.overflow", "uadd.with.overflow", "ssub.with.overflow", "usub.with.overflow", "smul.with.overflow",
    "umul.with.overflow", "sadd.sat", "uadd.sat", "ssub.sat", "usub.sat", "sshl.sat", "ushl.sat", "smul.fix",
    "umul.fix", "smul.fix.sat", "umul.fix.sat", "scmp", "ucmp", "expect", "expect.with.probability", "ssa.copy",
    "fptosi.sat", "fptoui.sat", "vector.reduce", "ptrmask", "convert.to.fp16", "convert.from.fp16",
    "fptrunc.round", "is.constant", "annotation", "ptr.annotation", "launder.invariant.group",
    "strip.invariant.group", "experimental.constrained",
];

/// NVVM intrinsic families (first name component after `llvm.nvvm.`) that are pure arithmetic.
#[rustfmt::skip]
const PURE_NVVM: &[&str] = &[
    "fabs", "fmin", "fmax", "sqrt", "rsqrt", "rcp", "div", "mul", "add", "fma", "ex2", "lg2", "sin", "cos",
    "saturate", "brev32", "brev64", "clz", "popc", "prmt", "sad", "mulhi", "mul24", "umul24", "abs", "min", "max",
    "umin", "umax", "flo", "bfe", "bfi", "floor", "ceil", "trunc", "round", "bitcast", "isspacep", "fns", "tanh",
    "lohi", "move", "ptr", "fshl", "fshr", "neg", "copysign",
];

fn is_conversion(component: &str) -> bool {
    // f2i, d2ull, ui2f, ff2bf16x2, h2f, bf2h, ... : letters '2' letters/digits
    match component.split_once('2') {
        Some((a, b)) => {
            !a.is_empty()
                && !b.is_empty()
                && a.bytes().all(|c| c.is_ascii_lowercase())
                && b.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
        }
        None => false,
    }
}

fn const_int(m: &Module, func: &Function, v: Value) -> Option<i128> {
    match func.dfg.value_def(v) {
        ValueDef::Const(c) => m.consts.as_i128(*c),
        _ => None,
    }
}

/// NVVM intrinsics (`llvm.nvvm.` stripped).
fn nvvm_rule(m: &Module, func: &Function, i: Inst, r: &str) -> Rule {
    let data = func.dfg.inst(i);
    if let Some(s) = r.strip_prefix("read.ptx.sreg.") {
        return sreg_rule(s);
    }
    if let Some(rest) = r.strip_prefix("shfl.") {
        // shfl.sync.MODE.TY(mask, value, lane, c) or the old shfl.MODE.TY(value, lane, c).
        let sync = rest.starts_with("sync.");
        let mode = rest.strip_prefix("sync.").unwrap_or(rest);
        let value_arg = if sync { 2 } else { 1 };
        if mode.starts_with("idx.") && data.args.len() == value_arg + 3 {
            // Every lane reads lane `lane & 31` when the segment mask (c[12:8]) is 0 and the clamp (c[4:0]) is 31.
            if let Some(c) = const_int(m, func, data.args[value_arg + 2]) {
                if c & 0x1f00 == 0 && c & 0x1f == 0x1f {
                    return Rule::Broadcast { value_arg };
                }
            }
        }
        return Rule::Source(Source::Shuffle);
    }
    if r.starts_with("vote.") || r.starts_with("redux.sync.") || r.starts_with("match.all.sync") {
        return Rule::AlwaysUniform;
    }
    if r.starts_with("match.any.sync") {
        return Rule::Source(Source::MatchAny);
    }
    if matches!(r, "barrier0.popc" | "barrier0.and" | "barrier0.or") || r.starts_with("barrier.cta.red.") {
        return Rule::AlwaysUniform;
    }
    if r == "activemask" {
        return Rule::Source(Source::ActiveMask);
    }
    if r.starts_with("ldg.global.") || r.starts_with("ldu.global.") {
        // Non-coherent / uniform loads from global memory: a function of the address.
        return Rule::Data;
    }
    let first = r.split('.').next().unwrap_or(r);
    if PURE_NVVM.contains(&first) || is_conversion(first) {
        return Rule::Data;
    }
    Rule::Source(Source::Call)
}

/// The rule of a call with a result.
fn call_rule(m: &Module, func: &Function, i: Inst) -> Rule {
    match callee(m, func, i) {
        Callee::InlineAsm => Rule::Source(Source::InlineAsm),
        Callee::Indirect => Rule::Source(Source::IndirectCall),
        Callee::Named(name) => {
            if let Some(r) = name.strip_prefix("llvm.nvvm.") {
                nvvm_rule(m, func, i, r)
            } else if let Some(r) = name.strip_prefix("llvm.") {
                if PURE_LLVM.iter().any(|p| family(r, p)) {
                    Rule::Data
                } else {
                    Rule::Source(Source::Call)
                }
            } else {
                Rule::Source(Source::Call)
            }
        }
    }
}

/// Address spaces whose memory is shared by all lanes of a warp (global, shared, const, shared::cluster, param).
fn shared_by_warp(asp: u32) -> bool {
    matches!(asp, 1 | 3 | 4 | 7 | 101)
}

/// The rule of every instruction of `func`, indexed by `Inst`.
pub(crate) fn rules(m: &Module, func: &Function, prov: &Provenance) -> Vec<Rule> {
    let mut out = vec![Rule::Data; func.dfg.num_insts()];
    let entry = func.entry();
    for b in func.layout.blocks() {
        for i in func.layout.block_insts(b) {
            let data = func.dfg.inst(i);
            let has_result = func.dfg.result(i).is_some();
            let rule = match &data.kind {
                InstKind::Call(_) if has_result => call_rule(m, func, i),
                InstKind::Load(mem) => {
                    let ptr = data.args[0];
                    let asp = m.types.ptr_addrspace(func.dfg.value_ty(ptr)).unwrap_or(0);
                    if mem.ordering.is_some_and(|o| o != AtomicOrdering::NotAtomic) {
                        Rule::Source(Source::AtomicLoad)
                    } else if asp == 5 {
                        Rule::Source(Source::LocalLoad)
                    } else if asp == 0 {
                        if prov.may_be_local(ptr) {
                            Rule::Source(Source::GenericLoad)
                        } else {
                            Rule::Data
                        }
                    } else if shared_by_warp(asp) {
                        Rule::Data
                    } else {
                        Rule::Source(Source::UnknownAddressSpace)
                    }
                }
                InstKind::AtomicRmw(..) | InstKind::CmpXchg { .. } => Rule::Source(Source::Atomic),
                InstKind::Alloca { .. } => {
                    let static_size = Some(b) == entry && data.args.iter().all(|&a| const_int(m, func, a).is_some());
                    if static_size {
                        Rule::Data
                    } else {
                        Rule::Source(Source::DynamicAlloca)
                    }
                }
                _ => Rule::Data,
            };
            out[i.as_u32() as usize] = rule;
        }
    }
    out
}

/// What a pointer may point to, ordered from most to least precise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Prov {
    /// Into a kernel's read-only `byval` parameter: same bytes for every thread, and pointers loaded from it were
    /// written by the host.
    ParamBuf,
    /// Global, shared, constant or parameter memory: never thread-private.
    NonLocal,
    /// Possibly local (per-thread) memory.
    MaybeLocal,
}

/// Pointer provenance of every value of a function (a least fixed point over use lists).
pub(crate) struct Provenance {
    prov: Vec<Prov>,
}

impl Provenance {
    pub(crate) fn may_be_local(&self, v: Value) -> bool {
        self.prov[v.as_u32() as usize] == Prov::MaybeLocal
    }

    pub(crate) fn compute(m: &Module, f: FuncId) -> Self {
        let func = &m.funcs[f];
        let n = func.dfg.num_values();
        let mut prov = vec![Prov::ParamBuf; n];
        let kernel = m.is_kernel(f);
        for (k, &p) in func.params.iter().enumerate() {
            let byval = func.param_attrs.get(k).is_some_and(|a| a.has("byval"));
            prov[p.as_u32() as usize] = if !kernel {
                Prov::MaybeLocal
            } else if byval {
                if read_only_pointer(func, p) {
                    Prov::ParamBuf
                } else {
                    Prov::MaybeLocal
                }
            } else {
                Prov::NonLocal
            };
        }
        // Constants are leaves: evaluate them once.
        for (v, d) in func.dfg.values() {
            if let ValueDef::Const(c) = &d.def {
                prov[v.as_u32() as usize] = const_prov(m, *c);
            } else if !matches!(d.def, ValueDef::Inst(_) | ValueDef::Arg(_)) {
                prov[v.as_u32() as usize] = Prov::NonLocal;
            }
        }
        let mut work: Vec<Inst> = Vec::new();
        for b in func.layout.blocks() {
            work.extend(func.layout.block_insts(b));
        }
        work.reverse();
        let mut queued = vec![true; func.dfg.num_insts()];
        while let Some(i) = work.pop() {
            queued[i.as_u32() as usize] = false;
            let Some(r) = func.dfg.result(i) else { continue };
            let new = inst_prov(m, func, i, &prov);
            let slot = &mut prov[r.as_u32() as usize];
            if new > *slot {
                *slot = new;
                for u in func.dfg.uses(r) {
                    let q = &mut queued[u.inst.as_u32() as usize];
                    if !*q && func.layout.inst_block(u.inst).is_some() {
                        *q = true;
                        work.push(u.inst);
                    }
                }
            }
        }
        Provenance { prov }
    }
}

fn const_prov(m: &Module, c: ConstId) -> Prov {
    match m.consts.data(c) {
        ConstData::Global(_, GlobalRef::Var(g)) => {
            if m.globals[*g].addrspace == 5 {
                Prov::MaybeLocal
            } else {
                Prov::NonLocal
            }
        }
        ConstData::Global(_, GlobalRef::Func(_))
        | ConstData::Null(_)
        | ConstData::Zero(_)
        | ConstData::Undef(_)
        | ConstData::Poison(_) => Prov::NonLocal,
        ConstData::Expr {
            op: ConstExprOp::Cast(simtc_ir::CastOp::BitCast | simtc_ir::CastOp::AddrSpaceCast) | ConstExprOp::Gep { .. },
            operands,
            ..
        } => operands.first().map_or(Prov::MaybeLocal, |&o| const_prov(m, o)),
        ConstData::Int(..) | ConstData::Float(..) => Prov::NonLocal,
        _ => Prov::MaybeLocal,
    }
}

fn inst_prov(m: &Module, func: &Function, i: Inst, prov: &[Prov]) -> Prov {
    let data = func.dfg.inst(i);
    let p = |v: Value| prov[v.as_u32() as usize];
    let result_ty = data.ty;
    let result_as = m.types.ptr_addrspace(result_ty);
    // A pointer in a non-generic, non-local address space never points to local memory.
    if result_as.is_some_and(shared_by_warp) {
        return Prov::NonLocal;
    }
    match &data.kind {
        InstKind::Gep { .. } | InstKind::Freeze => p(data.args[0]),
        InstKind::Cast(simtc_ir::CastOp::BitCast) => p(data.args[0]),
        InstKind::Cast(simtc_ir::CastOp::AddrSpaceCast) => {
            match m.types.ptr_addrspace(func.dfg.value_ty(data.args[0])) {
                Some(a) if shared_by_warp(a) => Prov::NonLocal,
                Some(0) => p(data.args[0]),
                _ => Prov::MaybeLocal,
            }
        }
        InstKind::Phi { .. } => data.args.iter().map(|&a| p(a)).max().unwrap_or(Prov::ParamBuf),
        InstKind::Select => p(data.args[1]).max(p(data.args[2])),
        InstKind::Load(_) => {
            if p(data.args[0]) == Prov::ParamBuf {
                Prov::NonLocal
            } else {
                Prov::MaybeLocal
            }
        }
        _ => Prov::MaybeLocal,
    }
}

/// Whether every pointer derived from `root` (GEPs, casts, phis, selects) is only ever loaded from.
fn read_only_pointer(func: &Function, root: Value) -> bool {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![root];
    seen.insert(root);
    while let Some(v) = stack.pop() {
        for u in func.dfg.uses(v) {
            if func.layout.inst_block(u.inst).is_none() {
                continue;
            }
            let data = func.dfg.inst(u.inst);
            match &data.kind {
                InstKind::Load(_) if u.index == 0 => {}
                InstKind::Gep { .. } | InstKind::Phi { .. } | InstKind::Freeze
                    if u.index == 0 || matches!(data.kind, InstKind::Phi { .. }) =>
                {
                    if let Some(r) = func.dfg.result(u.inst) {
                        if seen.insert(r) {
                            stack.push(r);
                        }
                    }
                }
                InstKind::Cast(simtc_ir::CastOp::BitCast | simtc_ir::CastOp::AddrSpaceCast) => {
                    if let Some(r) = func.dfg.result(u.inst) {
                        if seen.insert(r) {
                            stack.push(r);
                        }
                    }
                }
                InstKind::Select if u.index != 0 => {
                    if let Some(r) = func.dfg.result(u.inst) {
                        if seen.insert(r) {
                            stack.push(r);
                        }
                    }
                }
                _ => return false,
            }
        }
    }
    true
}
