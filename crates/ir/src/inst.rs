//! Instruction data: opcodes, predicates, flags, atomics and the per-kind payloads.
//!
//! Every instruction is an [`InstData`]: its kind-specific payload ([`InstKind`]), its SSA operands (`args`, a flat
//! list so that use lists and replace-all-uses treat every opcode alike), its result type (`void` when it has no
//! result) and its flags. Branch targets are blocks inside the kind, never operands.

use crate::attrs::AttrSet;
use crate::constant::ConstId;
use crate::layout::Block;
use crate::types::Type;
use crate::value::Value;
use smallvec::SmallVec;

crate::define_id!(
    /// An instruction.
    Inst,
    "inst"
);

macro_rules! keyword_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $s:expr),* $(,)? }) => {
        $(#[$m])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vm])* $v),* }
        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$v),*];
            /// The LLVM spelling.
            pub fn name(self) -> &'static str {
                match self { $($name::$v => $s),* }
            }
            /// Parses the LLVM spelling.
            pub fn from_name(s: &str) -> Option<Self> {
                match s { $($s => Some($name::$v),)* _ => None }
            }
        }
        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

keyword_enum!(
    /// Binary operators.
    BinaryOp {
        /// `add`.
        Add = "add",
        /// `sub`.
        Sub = "sub",
        /// `mul`.
        Mul = "mul",
        /// `udiv`.
        UDiv = "udiv",
        /// `sdiv`.
        SDiv = "sdiv",
        /// `urem`.
        URem = "urem",
        /// `srem`.
        SRem = "srem",
        /// `shl`.
        Shl = "shl",
        /// `lshr`.
        LShr = "lshr",
        /// `ashr`.
        AShr = "ashr",
        /// `and`.
        And = "and",
        /// `or`.
        Or = "or",
        /// `xor`.
        Xor = "xor",
        /// `fadd`.
        FAdd = "fadd",
        /// `fsub`.
        FSub = "fsub",
        /// `fmul`.
        FMul = "fmul",
        /// `fdiv`.
        FDiv = "fdiv",
        /// `frem`.
        FRem = "frem",
    }
);

impl BinaryOp {
    /// True for the floating-point operators.
    pub fn is_float(self) -> bool {
        matches!(self, BinaryOp::FAdd | BinaryOp::FSub | BinaryOp::FMul | BinaryOp::FDiv | BinaryOp::FRem)
    }
    /// True for operators whose operands commute.
    pub fn is_commutative(self) -> bool {
        matches!(
            self,
            BinaryOp::Add
                | BinaryOp::Mul
                | BinaryOp::And
                | BinaryOp::Or
                | BinaryOp::Xor
                | BinaryOp::FAdd
                | BinaryOp::FMul
        )
    }
    /// True for the operators that may trap on a zero divisor (never speculated).
    pub fn can_trap(self) -> bool {
        matches!(self, BinaryOp::UDiv | BinaryOp::SDiv | BinaryOp::URem | BinaryOp::SRem)
    }
}

keyword_enum!(
    /// Cast operators.
    CastOp {
        /// `trunc`.
        Trunc = "trunc",
        /// `zext`.
        ZExt = "zext",
        /// `sext`.
        SExt = "sext",
        /// `fptrunc`.
        FPTrunc = "fptrunc",
        /// `fpext`.
        FPExt = "fpext",
        /// `fptoui`.
        FPToUI = "fptoui",
        /// `fptosi`.
        FPToSI = "fptosi",
        /// `uitofp`.
        UIToFP = "uitofp",
        /// `sitofp`.
        SIToFP = "sitofp",
        /// `ptrtoint`.
        PtrToInt = "ptrtoint",
        /// `inttoptr`.
        IntToPtr = "inttoptr",
        /// `bitcast`.
        BitCast = "bitcast",
        /// `addrspacecast`.
        AddrSpaceCast = "addrspacecast",
    }
);

keyword_enum!(
    /// `icmp` predicates.
    IntPredicate {
        /// `eq`.
        Eq = "eq",
        /// `ne`.
        Ne = "ne",
        /// `ugt`.
        Ugt = "ugt",
        /// `uge`.
        Uge = "uge",
        /// `ult`.
        Ult = "ult",
        /// `ule`.
        Ule = "ule",
        /// `sgt`.
        Sgt = "sgt",
        /// `sge`.
        Sge = "sge",
        /// `slt`.
        Slt = "slt",
        /// `sle`.
        Sle = "sle",
    }
);

keyword_enum!(
    /// `fcmp` predicates.
    FloatPredicate {
        /// `false`.
        False = "false",
        /// `oeq`.
        Oeq = "oeq",
        /// `ogt`.
        Ogt = "ogt",
        /// `oge`.
        Oge = "oge",
        /// `olt`.
        Olt = "olt",
        /// `ole`.
        Ole = "ole",
        /// `one`.
        One = "one",
        /// `ord`.
        Ord = "ord",
        /// `ueq`.
        Ueq = "ueq",
        /// `ugt`.
        Ugt = "ugt",
        /// `uge`.
        Uge = "uge",
        /// `ult`.
        Ult = "ult",
        /// `ule`.
        Ule = "ule",
        /// `une`.
        Une = "une",
        /// `uno`.
        Uno = "uno",
        /// `true`.
        True = "true",
    }
);

keyword_enum!(
    /// Memory orderings of atomics.
    AtomicOrdering {
        /// Not atomic.
        NotAtomic = "",
        /// `unordered`.
        Unordered = "unordered",
        /// `monotonic`.
        Monotonic = "monotonic",
        /// `acquire`.
        Acquire = "acquire",
        /// `release`.
        Release = "release",
        /// `acq_rel`.
        AcqRel = "acq_rel",
        /// `seq_cst`.
        SeqCst = "seq_cst",
    }
);

keyword_enum!(
    /// `atomicrmw` operations.
    AtomicRmwOp {
        /// `xchg`.
        Xchg = "xchg",
        /// `add`.
        Add = "add",
        /// `sub`.
        Sub = "sub",
        /// `and`.
        And = "and",
        /// `nand`.
        Nand = "nand",
        /// `or`.
        Or = "or",
        /// `xor`.
        Xor = "xor",
        /// `max`.
        Max = "max",
        /// `min`.
        Min = "min",
        /// `umax`.
        UMax = "umax",
        /// `umin`.
        UMin = "umin",
        /// `fadd`.
        FAdd = "fadd",
        /// `fsub`.
        FSub = "fsub",
        /// `fmax`.
        FMax = "fmax",
        /// `fmin`.
        FMin = "fmin",
        /// `uinc_wrap`.
        UIncWrap = "uinc_wrap",
        /// `udec_wrap`.
        UDecWrap = "udec_wrap",
    }
);

/// A synchronization scope: `syncscope("...")`, absent for the system scope.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum SyncScope {
    /// The default (system) scope.
    #[default]
    System,
    /// A named scope, e.g. `"block"`, `"device"`, `"singlethread"`.
    Named(Box<str>),
}

/// Atomic properties of a memory access.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct MemFlags {
    /// `volatile`.
    pub volatile: bool,
    /// `align N` in bytes, if written.
    pub align: Option<u64>,
    /// Ordering (`NotAtomic` for plain accesses).
    pub ordering: Option<AtomicOrdering>,
    /// Scope.
    pub scope: SyncScope,
}

/// Instruction flags: integer wrap flags, `exact`, `disjoint`, `nneg`, `samesign`, GEP flags and fast-math flags.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Flags(pub u32);

impl Flags {
    /// `nuw`.
    pub const NUW: Flags = Flags(1 << 0);
    /// `nsw`.
    pub const NSW: Flags = Flags(1 << 1);
    /// `exact`.
    pub const EXACT: Flags = Flags(1 << 2);
    /// `disjoint`.
    pub const DISJOINT: Flags = Flags(1 << 3);
    /// `nneg`.
    pub const NNEG: Flags = Flags(1 << 4);
    /// `samesign`.
    pub const SAMESIGN: Flags = Flags(1 << 5);
    /// `inbounds` (GEP).
    pub const INBOUNDS: Flags = Flags(1 << 6);
    /// `nusw` (GEP).
    pub const NUSW: Flags = Flags(1 << 7);
    /// `nnan`.
    pub const NNAN: Flags = Flags(1 << 8);
    /// `ninf`.
    pub const NINF: Flags = Flags(1 << 9);
    /// `nsz`.
    pub const NSZ: Flags = Flags(1 << 10);
    /// `arcp`.
    pub const ARCP: Flags = Flags(1 << 11);
    /// `contract`.
    pub const CONTRACT: Flags = Flags(1 << 12);
    /// `afn`.
    pub const AFN: Flags = Flags(1 << 13);
    /// `reassoc`.
    pub const REASSOC: Flags = Flags(1 << 14);
    /// `fast` = every fast-math flag.
    pub const FAST: Flags = Flags(0x7f << 8);
    /// No flag.
    pub const NONE: Flags = Flags(0);

    /// Spellings, in the order LLVM prints them (fast-math flags handled by [`Flags::fast_math_words`]).
    pub const WORDS: &'static [(&'static str, Flags)] = &[
        ("nuw", Flags::NUW),
        ("nsw", Flags::NSW),
        ("exact", Flags::EXACT),
        ("disjoint", Flags::DISJOINT),
        ("nneg", Flags::NNEG),
        ("samesign", Flags::SAMESIGN),
        ("inbounds", Flags::INBOUNDS),
        ("nusw", Flags::NUSW),
        ("nnan", Flags::NNAN),
        ("ninf", Flags::NINF),
        ("nsz", Flags::NSZ),
        ("arcp", Flags::ARCP),
        ("contract", Flags::CONTRACT),
        ("afn", Flags::AFN),
        ("reassoc", Flags::REASSOC),
        ("fast", Flags::FAST),
    ];

    /// Whether every bit of `other` is set.
    #[inline]
    pub fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }
    /// Sets the bits of `other`.
    #[inline]
    pub fn insert(&mut self, other: Flags) {
        self.0 |= other.0;
    }
    /// The union.
    #[inline]
    pub fn union(self, other: Flags) -> Flags {
        Flags(self.0 | other.0)
    }
    /// Only the fast-math bits.
    pub fn fast_math(self) -> Flags {
        Flags(self.0 & Flags::FAST.0)
    }
    /// Parses one flag word.
    pub fn from_word(w: &str) -> Option<Flags> {
        Flags::WORDS.iter().find(|(s, _)| *s == w).map(|(_, f)| *f)
    }
}

/// Tail-call marker of a call.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum TailKind {
    /// No marker.
    #[default]
    None,
    /// `tail`.
    Tail,
    /// `musttail`.
    MustTail,
    /// `notail`.
    NoTail,
}

/// Calling conventions simtc knows by name; others keep their number.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum CallConv {
    /// `ccc` (the default, not printed).
    #[default]
    C,
    /// `fastcc`.
    Fast,
    /// `coldcc`.
    Cold,
    /// `ptx_kernel` (cc 71).
    PtxKernel,
    /// `ptx_device` (cc 72).
    PtxDevice,
    /// `cc N` for any other number.
    Numbered(u32),
}

impl CallConv {
    /// The LLVM spelling (`None` for the default).
    pub fn spelling(self) -> Option<String> {
        match self {
            CallConv::C => None,
            CallConv::Fast => Some("fastcc".into()),
            CallConv::Cold => Some("coldcc".into()),
            CallConv::PtxKernel => Some("ptx_kernel".into()),
            CallConv::PtxDevice => Some("ptx_device".into()),
            CallConv::Numbered(n) => Some(format!("cc {n}")),
        }
    }
    /// The calling convention for `cc N`.
    pub fn from_number(n: u32) -> CallConv {
        match n {
            0 => CallConv::C,
            8 => CallConv::Fast,
            9 => CallConv::Cold,
            71 => CallConv::PtxKernel,
            72 => CallConv::PtxDevice,
            n => CallConv::Numbered(n),
        }
    }
}

/// An operand bundle of a call: `"tag"(T %v, ...)`; its inputs are the trailing `count` call arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bundle {
    /// The tag, e.g. `convergencectrl`.
    pub tag: Box<str>,
    /// How many of the instruction's trailing args belong to it.
    pub count: u32,
}

/// Attributes written at a call site.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CallAttrs {
    /// Function attributes (after the argument list, or `#N`).
    pub func: AttrSet,
    /// Return attributes.
    pub ret: AttrSet,
    /// Per-argument attributes.
    pub params: Vec<AttrSet>,
}

/// The kind-specific part of an instruction. Operand layout per kind is documented on each variant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InstKind {
    /// `op a, b` — args `[a, b]`.
    Binary(BinaryOp),
    /// `fneg a` — args `[a]`.
    FNeg,
    /// `icmp pred a, b` — args `[a, b]`.
    ICmp(IntPredicate),
    /// `fcmp pred a, b` — args `[a, b]`.
    FCmp(FloatPredicate),
    /// `op v to T` — args `[v]`, result type is `T`.
    Cast(CastOp),
    /// `select c, a, b` — args `[c, a, b]`.
    Select,
    /// `phi T [v, %b]...` — args are the incoming values, `blocks[i]` the block of `args[i]`.
    Phi {
        /// Incoming blocks, parallel to the args.
        blocks: SmallVec<[Block; 2]>,
    },
    /// `alloca T, count, align A, addrspace(N)` — args `[count]`.
    Alloca {
        /// The allocated type.
        elem_ty: Type,
        /// Whether the count was written.
        explicit_count: bool,
        /// `align`.
        align: Option<u64>,
        /// `addrspace(N)` of the result pointer.
        addrspace: u32,
    },
    /// `load T, ptr p` — args `[p]`.
    Load(MemFlags),
    /// `store v, ptr p` — args `[v, p]`.
    Store(MemFlags),
    /// `getelementptr T, ptr p, idx...` — args `[p, idx...]`; `inbounds`/`nusw`/`nuw` are in the flags.
    Gep {
        /// The source element type.
        source_ty: Type,
    },
    /// `call` — args `[callee, arg..., bundle inputs...]`.
    Call(Box<CallData>),
    /// `atomicrmw op ptr p, v` — args `[p, v]`.
    AtomicRmw(AtomicRmwOp, MemFlags),
    /// `cmpxchg ptr p, cmp, new succ fail` — args `[p, cmp, new]`; result is `{ T, i1 }`.
    CmpXchg {
        /// Memory flags (ordering = success ordering).
        mem: MemFlags,
        /// Failure ordering.
        failure: AtomicOrdering,
        /// `weak`.
        weak: bool,
    },
    /// `fence [syncscope] ordering` — no args.
    Fence(MemFlags),
    /// `extractelement v, idx` — args `[v, idx]`.
    ExtractElement,
    /// `insertelement v, elt, idx` — args `[v, elt, idx]`.
    InsertElement,
    /// `shufflevector a, b, mask` — args `[a, b]`; `-1` marks a poison lane.
    ShuffleVector {
        /// The mask.
        mask: Vec<i32>,
    },
    /// `extractvalue agg, i...` — args `[agg]`.
    ExtractValue {
        /// Indices.
        indices: SmallVec<[u32; 2]>,
    },
    /// `insertvalue agg, v, i...` — args `[agg, v]`.
    InsertValue {
        /// Indices.
        indices: SmallVec<[u32; 2]>,
    },
    /// `freeze v` — args `[v]`.
    Freeze,
    /// `br label %dest` — no args.
    Br {
        /// Target.
        dest: Block,
    },
    /// `br i1 c, label %t, label %f` — args `[c]`.
    CondBr {
        /// Target when true.
        then_dest: Block,
        /// Target when false.
        else_dest: Block,
    },
    /// `switch T v, label %default [ T c, label %b ... ]` — args `[v]`.
    Switch {
        /// Default target.
        default: Block,
        /// Case values and targets.
        cases: Vec<(ConstId, Block)>,
    },
    /// `ret` / `ret T v` — args `[]` or `[v]`.
    Ret,
    /// `unreachable`.
    Unreachable,
}

/// The call-specific payload.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CallData {
    /// The callee's function type.
    pub fn_ty: Type,
    /// Tail marker.
    pub tail: TailKind,
    /// Calling convention.
    pub cc: CallConv,
    /// Call-site attributes.
    pub attrs: CallAttrs,
    /// Operand bundles, in order.
    pub bundles: Vec<Bundle>,
}

/// One instruction.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InstData {
    /// Kind-specific payload.
    pub kind: InstKind,
    /// SSA operands (see [`InstKind`] for their meaning per kind).
    pub args: SmallVec<[Value; 3]>,
    /// Result type; `void` when the instruction has no result.
    pub ty: Type,
    /// Flags.
    pub flags: Flags,
}

impl InstData {
    /// An instruction with no flags.
    pub fn new(kind: InstKind, args: &[Value], ty: Type) -> Self {
        InstData { kind, args: SmallVec::from_slice(args), ty, flags: Flags::NONE }
    }

    /// The LLVM opcode name.
    pub fn opcode_name(&self) -> &'static str {
        match &self.kind {
            InstKind::Binary(op) => op.name(),
            InstKind::FNeg => "fneg",
            InstKind::ICmp(_) => "icmp",
            InstKind::FCmp(_) => "fcmp",
            InstKind::Cast(op) => op.name(),
            InstKind::Select => "select",
            InstKind::Phi { .. } => "phi",
            InstKind::Alloca { .. } => "alloca",
            InstKind::Load(_) => "load",
            InstKind::Store(_) => "store",
            InstKind::Gep { .. } => "getelementptr",
            InstKind::Call(_) => "call",
            InstKind::AtomicRmw(..) => "atomicrmw",
            InstKind::CmpXchg { .. } => "cmpxchg",
            InstKind::Fence(_) => "fence",
            InstKind::ExtractElement => "extractelement",
            InstKind::InsertElement => "insertelement",
            InstKind::ShuffleVector { .. } => "shufflevector",
            InstKind::ExtractValue { .. } => "extractvalue",
            InstKind::InsertValue { .. } => "insertvalue",
            InstKind::Freeze => "freeze",
            InstKind::Br { .. } | InstKind::CondBr { .. } => "br",
            InstKind::Switch { .. } => "switch",
            InstKind::Ret => "ret",
            InstKind::Unreachable => "unreachable",
        }
    }

    /// True for block terminators.
    pub fn is_terminator(&self) -> bool {
        matches!(
            self.kind,
            InstKind::Br { .. }
                | InstKind::CondBr { .. }
                | InstKind::Switch { .. }
                | InstKind::Ret
                | InstKind::Unreachable
        )
    }

    /// True for phis.
    pub fn is_phi(&self) -> bool {
        matches!(self.kind, InstKind::Phi { .. })
    }

    /// Successor blocks of a terminator, in order (duplicates kept, as LLVM does).
    pub fn successors(&self) -> SmallVec<[Block; 2]> {
        match &self.kind {
            InstKind::Br { dest } => smallvec::smallvec![*dest],
            InstKind::CondBr { then_dest, else_dest } => smallvec::smallvec![*then_dest, *else_dest],
            InstKind::Switch { default, cases } => {
                let mut v = SmallVec::with_capacity(cases.len() + 1);
                v.push(*default);
                v.extend(cases.iter().map(|(_, b)| *b));
                v
            }
            _ => SmallVec::new(),
        }
    }

    /// Rewrites every successor equal to `from` into `to`.
    pub fn replace_successor(&mut self, from: Block, to: Block) {
        let fix = |b: &mut Block| {
            if *b == from {
                *b = to;
            }
        };
        match &mut self.kind {
            InstKind::Br { dest } => fix(dest),
            InstKind::CondBr { then_dest, else_dest } => {
                fix(then_dest);
                fix(else_dest);
            }
            InstKind::Switch { default, cases } => {
                fix(default);
                cases.iter_mut().for_each(|(_, b)| fix(b));
            }
            _ => {}
        }
    }

    /// The call payload, for calls.
    pub fn call_data(&self) -> Option<&CallData> {
        match &self.kind {
            InstKind::Call(c) => Some(c),
            _ => None,
        }
    }

    /// For calls: the callee operand.
    pub fn callee(&self) -> Option<Value> {
        self.call_data().map(|_| self.args[0])
    }

    /// For calls: the argument operands (bundle inputs excluded).
    pub fn call_args(&self) -> &[Value] {
        match &self.kind {
            InstKind::Call(c) => {
                let bundled: usize = c.bundles.iter().map(|b| b.count as usize).sum();
                &self.args[1..self.args.len() - bundled]
            }
            _ => &[],
        }
    }

    /// For calls: the bundle inputs of bundle `i`.
    pub fn bundle_args(&self, i: usize) -> &[Value] {
        match &self.kind {
            InstKind::Call(c) => {
                let bundled: usize = c.bundles.iter().map(|b| b.count as usize).sum();
                let mut start = self.args.len() - bundled;
                for b in &c.bundles[..i] {
                    start += b.count as usize;
                }
                &self.args[start..start + c.bundles[i].count as usize]
            }
            _ => &[],
        }
    }

    /// Whether the instruction may read or write memory, synchronize, or otherwise have effects that forbid
    /// deleting it when its result is unused. Calls are conservatively effectful unless `pure_call` says otherwise.
    pub fn has_side_effects(&self) -> bool {
        match &self.kind {
            InstKind::Store(_)
            | InstKind::Call(_)
            | InstKind::AtomicRmw(..)
            | InstKind::CmpXchg { .. }
            | InstKind::Fence(_) => true,
            InstKind::Load(m) => m.volatile || m.ordering.is_some_and(|o| o != AtomicOrdering::NotAtomic),
            _ => self.is_terminator(),
        }
    }
}
