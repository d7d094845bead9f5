//! Typed opcodes: a PTX instruction name as data — the operation ([`OpKind`]) and its dotted modifiers ([`Mod`]:
//! types, comparison, rounding, state space, memory semantics, scope, ...) — instead of text.
//!
//! An [`Opcode`] prints exactly the PTX spelling it was made from (`setp.lt.s32`, `ld.global.v2.f32`,
//! `atom.acq_rel.sys.global.add.u32`): the modifiers are kept in PTX order. [`Opcode::parse`] reads that
//! spelling back (the MIR text reader and instruction selection use it); a component outside the vocabulary is
//! an error, so a misspelt opcode can never reach the printer.
//!
//! Queries that passes need ([`Opcode::ty`], [`Opcode::cmp`], [`Opcode::space`], [`Opcode::has`]) read the
//! modifier list; [`crate::mir::MInst::effects`] derives memory/barrier/convergence effects from it.

use smallvec::SmallVec;
use std::fmt;

macro_rules! spelled {
    ($(#[$meta:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $s:literal,)* }) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($(#[$vm])* #[doc = concat!("PTX `", $s, "`.")] $v,)* }
        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$v,)*];
            /// The PTX spelling.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$v => $s,)* }
            }
            /// Parses the PTX spelling.
            pub fn parse(s: &str) -> Option<$name> {
                match s { $($s => Some($name::$v),)* _ => None }
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.as_str()) }
        }
    };
}

spelled! {
    /// The operation of an instruction (the part of a PTX opcode before the first dot), plus simtc's
    /// pseudo-instructions, which print no PTX or print a non-instruction line.
    OpKind {
        /// `add`
        Add = "add", Sub = "sub", Mul = "mul", Mad = "mad", Mul24 = "mul24", Mad24 = "mad24", Sad = "sad",
        Fma = "fma", Div = "div", Rem = "rem", Abs = "abs", Neg = "neg", Min = "min", Max = "max",
        And = "and", Or = "or", Xor = "xor", Not = "not", Cnot = "cnot", Shl = "shl", Shr = "shr", Shf = "shf",
        Setp = "setp", Selp = "selp", Set = "set", Slct = "slct", Cvt = "cvt", Cvta = "cvta", Mov = "mov",
        Ld = "ld", Ldu = "ldu", St = "st", Atom = "atom", Red = "red", Prefetch = "prefetch",
        Bra = "bra", Brx = "brx", Call = "call", Ret = "ret", Exit = "exit", Trap = "trap",
        Bar = "bar", Barrier = "barrier", Membar = "membar", Fence = "fence",
        Shfl = "shfl", Vote = "vote", Match = "match", Redux = "redux", Activemask = "activemask",
        Popc = "popc", Clz = "clz", Brev = "brev", Bfe = "bfe", Bfi = "bfi", Bfind = "bfind", Prmt = "prmt",
        Lop3 = "lop3", Rcp = "rcp", Sqrt = "sqrt", Rsqrt = "rsqrt", Sin = "sin", Cos = "cos", Lg2 = "lg2",
        Ex2 = "ex2", Tanh = "tanh", Copysign = "copysign", Testp = "testp", Nanosleep = "nanosleep",
        Isspacep = "isspacep", Dp4a = "dp4a", Dp2a = "dp2a", Pmevent = "pmevent",
        /// Warp-level matrix operations (`wmma.load`, `wmma.store`, `wmma.mma`; see [`crate::isel`]'s wmma module).
        Wmma = "wmma",
        /// `phi` pseudo-instruction (SSA form only): one source per predecessor.
        Phi = "phi",
        /// Inline assembly: the template is the first source ([`crate::mir::Operand::Asm`]).
        InlineAsm = "inlineasm",
        /// `{ // callseq N, 0`: opens a call sequence (source: `N`).
        CallSeqStart = "callseq_start",
        /// `} // callseq N`: closes a call sequence (source: `N`).
        CallSeqEnd = "callseq_end",
        /// `.param <decl> NAME;` inside a call sequence (see [`crate::mir::Operand::ParamDecl`]).
        DeclParam = "param",
        /// Convergence-control markers (`convergence.entry|anchor|loop`): print nothing.
        Convergence = "convergence",
        /// `undef.T %r`: defines `%r` with an unspecified value and prints nothing (LLVM's `undef`/`poison`
        /// reaching a `phi`: that edge needs no copy, and a select between it and a value is the value).
        Undef = "undef",
    }
}

spelled! {
    /// A dotted modifier of a PTX opcode.
    Mod {
        /// `.pred`
        Pred = "pred", B8 = "b8", B16 = "b16", B32 = "b32", B64 = "b64", B128 = "b128",
        U8 = "u8", U16 = "u16", U32 = "u32", U64 = "u64", S8 = "s8", S16 = "s16", S32 = "s32", S64 = "s64",
        F16 = "f16", F16x2 = "f16x2", Bf16 = "bf16", Bf16x2 = "bf16x2", Tf32 = "tf32", F32 = "f32", F64 = "f64",
        /// comparison `.eq`
        Eq = "eq", Ne = "ne", Lt = "lt", Le = "le", Gt = "gt", Ge = "ge", Lo = "lo", Ls = "ls", Hi = "hi",
        Hs = "hs", Equ = "equ", Neu = "neu", Ltu = "ltu", Leu = "leu", Gtu = "gtu", Geu = "geu", Num = "num",
        Nan = "nan",
        /// rounding `.rn`
        Rn = "rn", Rz = "rz", Rm = "rm", Rp = "rp", Rni = "rni", Rzi = "rzi", Rmi = "rmi", Rpi = "rpi",
        Rna = "rna",
        /// `.ftz`
        Ftz = "ftz", Sat = "sat", Satfinite = "satfinite", Relu = "relu", Approx = "approx", Full = "full",
        Wide = "wide", NaN = "NaN", Xorsign = "xorsign", AbsMod = "abs",
        /// state space `.global`
        Global = "global", Shared = "shared", Local = "local", Const = "const", Param = "param",
        SharedCta = "shared::cta", SharedCluster = "shared::cluster", To = "to",
        /// memory semantics `.relaxed`
        Volatile = "volatile", Relaxed = "relaxed", Acquire = "acquire", Release = "release",
        AcqRel = "acq_rel", Sc = "sc", Weak = "weak", Mmio = "mmio",
        /// scope `.cta`
        Cta = "cta", Cluster = "cluster", Gpu = "gpu", Sys = "sys", Gl = "gl",
        /// cache operators `.nc`
        Nc = "nc", Ca = "ca", Cg = "cg", Cs = "cs", Lu = "lu", Cv = "cv", Wb = "wb", Wt = "wt",
        /// vector width `.v2`
        V2 = "v2", V4 = "v4", V8 = "v8",
        /// atomic / reduction operation `.add` (as a modifier, e.g. `atom.global.add.u32`)
        AddOp = "add", MinOp = "min", MaxOp = "max", IncOp = "inc", DecOp = "dec", AndOp = "and",
        OrOp = "or", XorOp = "xor", Exch = "exch", Cas = "cas", PopcOp = "popc",
        /// branch/call uniformity `.uni`
        Uni = "uni", Sync = "sync", Aligned = "aligned", Warp = "warp", Arrive = "arrive", RedOp = "red",
        /// `.idx` (shfl mode / brx.idx)
        Idx = "idx", Up = "up", Down = "down", Bfly = "bfly",
        /// vote / match modes `.all`
        All = "all", Any = "any", Ballot = "ballot",
        /// funnel shift `.l` / `.r` and `.wrap` / `.clamp`
        L = "l", R = "r", Wrap = "wrap", Clamp = "clamp", Shiftamt = "shiftamt",
        /// `testp` classes
        Finite = "finite", Infinite = "infinite", Number = "number", Notanumber = "notanumber",
        Normal = "normal", Subnormal = "subnormal",
        /// prmt modes
        F4e = "f4e", B4e = "b4e", Rc8 = "rc8", Ecl = "ecl", Ecr = "ecr", Rc16 = "rc16",
        /// convergence markers
        Entry = "entry", Anchor = "anchor", Loop = "loop",
        /// inline asm with side effects (`asm volatile`)
        SideEffect = "sideeffect",
        /// wmma operations and fragments: `.load`, `.store`, `.mma`; `.a`, `.b`, `.c`, `.d`
        Load = "load", Store = "store", MmaOp = "mma", FragA = "a", FragB = "b", FragC = "c", FragD = "d",
        /// wmma matrix layouts `.row`, `.col`
        Row = "row", Col = "col",
        /// wmma shapes `.m16n16k16`
        M16n16k16 = "m16n16k16", M32n8k16 = "m32n8k16", M8n32k16 = "m8n32k16", M16n16k8 = "m16n16k8",
        M8n8k4 = "m8n8k4", M8n8k32 = "m8n8k32", M8n8k128 = "m8n8k128",
        /// sub-byte wmma element types `.s4`, `.u4`, `.b1`
        S4 = "s4", U4 = "u4", B1 = "b1",
    }
}

impl Mod {
    /// Whether this modifier is a PTX data type (`.s32`, `.f64`, `.pred`, ...).
    pub fn is_type(self) -> bool {
        use Mod::*;
        matches!(
            self,
            Pred | B8
                | B16
                | B32
                | B64
                | B128
                | U8
                | U16
                | U32
                | U64
                | S8
                | S16
                | S32
                | S64
                | F16
                | F16x2
                | Bf16
                | Bf16x2
                | Tf32
                | F32
                | F64
                | S4
                | U4
                | B1
        )
    }
    /// Whether this modifier is a comparison operator (`setp`, `set`, `slct`).
    pub fn is_cmp(self) -> bool {
        use Mod::*;
        matches!(self, Eq | Ne | Lt | Le | Gt | Ge | Lo | Ls | Hi | Hs | Equ | Neu | Ltu | Leu | Gtu | Geu | Num | Nan)
    }
    /// Whether this modifier names a state space.
    pub fn is_space(self) -> bool {
        matches!(self, Mod::Global | Mod::Shared | Mod::Local | Mod::Const | Mod::Param | Mod::SharedCta)
    }
    /// Whether this is a floating-point type.
    pub fn is_float(self) -> bool {
        matches!(self, Mod::F16 | Mod::F16x2 | Mod::Bf16 | Mod::Bf16x2 | Mod::Tf32 | Mod::F32 | Mod::F64)
    }
    /// Whether this is a signed integer type.
    pub fn is_signed(self) -> bool {
        matches!(self, Mod::S4 | Mod::S8 | Mod::S16 | Mod::S32 | Mod::S64)
    }
    /// The width of a type modifier in bits (1 for `.pred`), `None` for other modifiers.
    pub fn type_bits(self) -> Option<u32> {
        use Mod::*;
        Some(match self {
            Pred | B1 => 1,
            S4 | U4 => 4,
            B8 | U8 | S8 => 8,
            B16 | U16 | S16 | F16 | Bf16 => 16,
            B32 | U32 | S32 | F32 | F16x2 | Bf16x2 | Tf32 => 32,
            B64 | U64 | S64 | F64 => 64,
            B128 => 128,
            _ => return None,
        })
    }
}

/// A PTX opcode: operation and modifiers in PTX order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opcode {
    /// The operation.
    pub kind: OpKind,
    /// The modifiers, in the order they are printed.
    pub mods: SmallVec<[Mod; 4]>,
}

/// Why an opcode spelling was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpcodeError(pub String);

impl fmt::Display for OpcodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Opcode {
    /// An opcode with the given modifiers.
    pub fn new(kind: OpKind, mods: &[Mod]) -> Opcode {
        Opcode { kind, mods: mods.iter().copied().collect() }
    }
    /// Parses a PTX spelling such as `ld.global.v2.f32`. Every dotted component must be known.
    pub fn parse(s: &str) -> Result<Opcode, OpcodeError> {
        let mut parts = s.split('.');
        let head = parts.next().unwrap_or("");
        let kind = OpKind::parse(head).ok_or_else(|| OpcodeError(format!("unknown operation `{head}` in `{s}`")))?;
        let mut mods = SmallVec::new();
        for p in parts {
            mods.push(Mod::parse(p).ok_or_else(|| OpcodeError(format!("unknown modifier `.{p}` in `{s}`")))?);
        }
        Ok(Opcode { kind, mods })
    }
    /// Whether the modifier is present.
    pub fn has(&self, m: Mod) -> bool {
        self.mods.contains(&m)
    }
    /// The last type modifier (the instruction type: `s32` in `setp.lt.s32`, `f32` in `cvt.rn.f32.s32`).
    pub fn ty(&self) -> Option<Mod> {
        self.mods.iter().rev().copied().find(|m| m.is_type())
    }
    /// Every type modifier in order (`cvt.f32.s32` has two: destination, then source).
    pub fn types(&self) -> impl Iterator<Item = Mod> + '_ {
        self.mods.iter().copied().filter(|m| m.is_type())
    }
    /// The comparison operator of `setp`/`set`/`slct`.
    pub fn cmp(&self) -> Option<Mod> {
        if matches!(self.kind, OpKind::Setp | OpKind::Set | OpKind::Slct) {
            self.mods.iter().copied().find(|m| m.is_cmp())
        } else {
            None
        }
    }
    /// The state space of a memory instruction (`None`: generic addressing).
    pub fn space(&self) -> Option<Mod> {
        self.mods.iter().copied().find(|m| m.is_space())
    }
    /// Replaces the modifiers.
    pub fn with_mods(kind: OpKind, mods: impl IntoIterator<Item = Mod>) -> Opcode {
        Opcode { kind, mods: mods.into_iter().collect() }
    }
    /// Whether the operation is commutative in its first two sources (`add`, `mul`, `and`, `min`, `fma`'s
    /// product, `setp.eq`/`setp.ne`, ...). Saturating and rounding modifiers do not change commutativity.
    pub fn is_commutative(&self) -> bool {
        use OpKind::*;
        match self.kind {
            Add | Mul | Mad | Mul24 | Mad24 | Fma | Min | Max | And | Or | Xor | Sad => true,
            Setp | Set => matches!(self.cmp(), Some(Mod::Eq | Mod::Ne | Mod::Equ | Mod::Neu | Mod::Num | Mod::Nan)),
            _ => false,
        }
    }
}

impl fmt::Display for Opcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.as_str())?;
        for m in &self.mods {
            f.write_str(".")?;
            f.write_str(m.as_str())?;
        }
        Ok(())
    }
}

impl From<OpKind> for Opcode {
    fn from(k: OpKind) -> Opcode {
        Opcode::new(k, &[])
    }
}

/// The integer type modifier `{prefix}{bits}` (`'s'`, `'u'` or `'b'`), e.g. `int_ty('u', 32)` = `.u32`.
pub fn int_ty(prefix: char, bits: u32) -> Option<Mod> {
    use Mod::*;
    Some(match (prefix, bits) {
        ('b', 8) => B8,
        ('b', 16) => B16,
        ('b', 32) => B32,
        ('b', 64) => B64,
        ('b', 128) => B128,
        ('u', 8) => U8,
        ('u', 16) => U16,
        ('u', 32) => U32,
        ('u', 64) => U64,
        ('s', 8) => S8,
        ('s', 16) => S16,
        ('s', 32) => S32,
        ('s', 64) => S64,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_spelling_in_ptx_order() {
        for s in [
            "add.s32",
            "ld.global.v2.f32",
            "atom.acq_rel.sys.global.add.u32",
            "setp.ltu.f32",
            "cvt.rn.f32.s32",
            "min.NaN.f32",
            "shfl.sync.down.b32",
            "ld.volatile.shared::cta.u32",
            "bar.red.popc.u32",
            "ret",
        ] {
            let o = Opcode::parse(s).unwrap();
            assert_eq!(o.to_string(), s);
        }
        assert_eq!(Opcode::parse("setp.lt.s32").unwrap().cmp(), Some(Mod::Lt));
        assert_eq!(Opcode::parse("cvt.rn.f32.s32").unwrap().ty(), Some(Mod::S32));
        assert_eq!(Opcode::parse("st.global.u8").unwrap().space(), Some(Mod::Global));
    }

    #[test]
    fn unknown_components_are_errors() {
        assert!(Opcode::parse("frobnicate.s32").is_err());
        assert!(Opcode::parse("add.s33").unwrap_err().0.contains(".s33"));
    }

    #[test]
    fn spellings_are_unique_per_enum() {
        for k in OpKind::ALL {
            assert_eq!(OpKind::parse(k.as_str()), Some(*k));
        }
        for m in Mod::ALL {
            assert_eq!(Mod::parse(m.as_str()), Some(*m));
        }
    }
}
