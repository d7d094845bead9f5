//! The decoded program: a flat instruction array with resolved registers, labels, symbols and reconvergence points.
//!
//! Decoding happens once per module ([`crate::decode::decode`]). Every function's instructions are laid out
//! contiguously in [`Program::insts`], so a program counter is a plain index, and every function gets its own range
//! of warp registers: value registers are indices into the warp's `u64 × 32` register file, predicates indices into
//! its `u32` lane-mask file. Names are gone after decoding: symbols became addresses (module variables), frame
//! offsets (function-local `.local` and `.param` variables) or function indices.
//!
//! ## Address map
//! Generic addresses are 64-bit. Global memory (module `.global` variables and launch buffers) lives at
//! [`GLOBAL_BASE`] and up, identical in the global and generic spaces (as on NVIDIA GPUs). The other spaces have
//! their own small addresses (starting at 0) and a generic window each: shared at [`SHARED_WINDOW`], local at
//! [`LOCAL_WINDOW`], const at [`CONST_WINDOW`], param at [`PARAM_WINDOW`]; `cvta` adds or removes the window base.
//! In the param space, kernel parameters start at 0 and each thread's device-function frames at
//! [`PARAM_FRAME_BASE`].

use crate::cvt::Conv;
use crate::floatops::FCmp;
use crate::halfops::{HalfFmt, HalfMods, HalfOp};
use crate::lanes::{Cmp, F1, F2, F3};
use crate::ptx::ast::{Space, Ty};

/// First address of global memory.
pub const GLOBAL_BASE: u64 = 0x0000_0010_0000_0000;
/// Generic window of the shared space.
pub const SHARED_WINDOW: u64 = 1 << 48;
/// Generic window of the local space.
pub const LOCAL_WINDOW: u64 = 2 << 48;
/// Generic window of the const space.
pub const CONST_WINDOW: u64 = 3 << 48;
/// Generic window of the param space.
pub const PARAM_WINDOW: u64 = 4 << 48;
/// "Addresses" of functions (for indirect calls): this plus the function index.
pub const FUNC_BASE: u64 = 5 << 48;
/// Param-space address of the first device-function frame of a thread.
pub const PARAM_FRAME_BASE: u64 = 0x1000_0000;
/// "No reconvergence point" (the branch's immediate post-dominator is the function exit).
pub const NO_RPC: u32 = u32::MAX;

/// A special register (names and values: [`crate::special`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Sreg {
    Tid(u8),
    Ntid(u8),
    Ctaid(u8),
    Nctaid(u8),
    LaneId,
    WarpId,
    NWarpId,
    SmId,
    NSmId,
    GridId,
    LanemaskEq,
    LanemaskLe,
    LanemaskLt,
    LanemaskGe,
    LanemaskGt,
    Clock,
    ClockHi,
    Clock64,
    GlobalTimer,
    GlobalTimerLo,
    GlobalTimerHi,
    DynSmem,
    TotalSmem,
    Zero,
    /// A register that reads 1: `%cluster_nctaid.*` and `%cluster_nctarank` (launches have no clusters, so every
    /// CTA is a cluster of one).
    One,
}

/// A source operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Src {
    /// A value register.
    Reg(u32),
    /// An immediate (bits).
    Imm(u64),
    /// A special register.
    Sreg(Sreg),
    /// Address of a function-local `.local` variable: the frame's local base plus this offset.
    LocalSym(u32),
    /// Address of a device-function `.param` variable: the frame's param base plus this offset.
    ParamSym(u32),
}

/// A predicate source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PSrc {
    /// A predicate register, possibly negated.
    Reg(u32, bool),
    /// A constant.
    Const(bool),
}

/// Boolean combination of predicates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum BoolOp {
    And,
    Or,
    Xor,
}

/// Atomic operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum AtomOp {
    Add,
    Min,
    Max,
    And,
    Or,
    Xor,
    Exch,
    Cas,
    Inc,
    Dec,
}

/// `shfl` modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum ShflMode {
    Up,
    Down,
    Bfly,
    Idx,
}

/// `vote` modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum VoteMode {
    All,
    Any,
    Uni,
    Ballot,
}

/// `redux.sync` operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum ReduxOp {
    Add,
    Min,
    Max,
    And,
    Or,
    Xor,
}

/// Carry-chain operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum CarryKind {
    Add,
    Sub,
    MadLo,
    MadHi,
}

/// The kind of a CTA barrier instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BarKind {
    /// `bar.sync` / `barrier.sync`: arrive and wait.
    Sync,
    /// `bar.arrive`: arrive without waiting.
    Arrive,
    /// `bar.red.popc.u32 d, a, {b,} p`: arrive, wait, and reduce a predicate into a register.
    RedPopc(u32, PSrc),
    /// `bar.red.and.pred` / `.or.pred`: reduce into a predicate (`true` = and).
    RedPred(u32, PSrc, bool),
}

/// A decoded instruction's operation.
#[derive(Debug, Clone)]
#[allow(missing_docs)]
pub enum Op {
    /// No architectural effect in the emulator (`membar`, `fence`, `nanosleep`, prefetches).
    Nop,
    /// `mov` and same-size `cvt`: copy, truncated to `bits`.
    Mov {
        d: u32,
        a: Src,
        bits: u32,
    },
    Alu1 {
        f: F1,
        d: u32,
        a: Src,
    },
    Alu2 {
        f: F2,
        d: u32,
        a: Src,
        b: Src,
    },
    Alu3 {
        f: F3,
        d: u32,
        a: Src,
        b: Src,
        c: Src,
    },
    /// Integer `div`/`rem`: faults on a zero divisor in an active lane.
    Div {
        f: F2,
        d: u32,
        a: Src,
        b: Src,
        bits: u32,
    },
    Bfi {
        d: u32,
        a: Src,
        b: Src,
        c: Src,
        e: Src,
        bits: u32,
    },
    Lop3 {
        d: u32,
        a: Src,
        b: Src,
        c: Src,
        lut: u8,
    },
    Prmt {
        d: u32,
        a: Src,
        b: Src,
        c: Src,
        mode: u8,
    },
    Setp {
        f: Cmp,
        p: Option<u32>,
        q: Option<u32>,
        a: Src,
        b: Src,
        comb: Option<(BoolOp, PSrc)>,
    },
    /// `set`: like `setp` but writes `0xFFFFFFFF`/`0` (or `1.0f`/`0.0f` when `float`) to a register.
    Set {
        f: Cmp,
        d: u32,
        a: Src,
        b: Src,
        comb: Option<(BoolOp, PSrc)>,
        float: bool,
    },
    Selp {
        d: u32,
        a: Src,
        b: Src,
        p: PSrc,
    },
    /// Predicate logic: `and/or/xor.pred` (b used), `not.pred`/`mov.pred` (`op` None; `a` carries the negation).
    PLogic {
        op: Option<BoolOp>,
        p: u32,
        a: PSrc,
        b: PSrc,
    },
    /// Half-precision arithmetic (`.f16`, `.bf16`, packed `x2`); `c` only for `fma`.
    Half {
        op: HalfOp,
        m: HalfMods,
        d: u32,
        a: Src,
        b: Src,
        c: Src,
    },
    /// Half-precision `setp`; packed forms set `p` from the low halves and `q` from the high halves.
    HalfSetp {
        cmp: FCmp,
        fmt: HalfFmt,
        x2: bool,
        ftz: bool,
        p: Option<u32>,
        q: Option<u32>,
        a: Src,
        b: Src,
        comb: Option<(BoolOp, PSrc)>,
    },
    /// `cvt.rn.f16x2.f32 d, a, b` (and `bf16x2`): `d = {cvt(a) in the high half, cvt(b) in the low half}`.
    CvtPack {
        m: HalfMods,
        d: u32,
        a: Src,
        b: Src,
    },
    /// Extended-precision arithmetic through the carry flag: `add.cc`, `addc`, `sub.cc`, `subc`, `mad{c}.lo/hi{.cc}`
    /// on `bits`-wide integers (`c` is the addend of `mad`).
    Carry {
        kind: CarryKind,
        cin: bool,
        cout: bool,
        bits: u32,
        d: u32,
        a: Src,
        b: Src,
        c: Src,
    },
    /// `isspacep.space p, a`: whether generic address `a` lies in `space`'s window.
    IsSpace {
        space: Space,
        p: u32,
        a: Src,
    },
    /// `cvt` between different types.
    Cvt {
        d: u32,
        a: Src,
        c: Conv,
    },
    /// `mov.b64 d, {a, b}`: pack `srcs` of `bits` each.
    Pack {
        d: u32,
        srcs: Vec<Src>,
        bits: u32,
    },
    /// `mov.v4.u32 {a, b, c, d}, %tid`: `ds[k]` (None = sink) receives `srcs[k]`, truncated to `bits`.
    MovVec {
        ds: Vec<Option<u32>>,
        srcs: Vec<Src>,
        bits: u32,
    },
    /// `mov.b64 {a, b}, d`: unpack into `ds` (None = sink) of `bits` each.
    Unpack {
        ds: Vec<Option<u32>>,
        a: Src,
        bits: u32,
    },
    /// A load: `size` bytes per element, `vec` elements; `sext` sign-extends to the destination width `dbits`.
    Ld {
        space: Space,
        size: u8,
        vec: u8,
        sext: bool,
        dbits: [u8; 4],
        d: [Option<u32>; 4],
        addr: Src,
        off: i64,
    },
    /// A store.
    St {
        space: Space,
        size: u8,
        vec: u8,
        s: [Src; 4],
        addr: Src,
        off: i64,
    },
    /// An atomic (`atom`) or reduction (`red`, `d` None).
    Atom {
        space: Space,
        op: AtomOp,
        ty: Ty,
        d: Option<u32>,
        addr: Src,
        off: i64,
        b: Src,
        c: Src,
    },
    /// `cvta` (`to`: generic → space) on `bits`-wide addresses.
    Cvta {
        to: bool,
        space: Space,
        d: u32,
        a: Src,
        bits: u32,
    },
    /// A branch to `target`; `rpc` is the reconvergence point (immediate post-dominator) or [`NO_RPC`].
    Bra {
        target: u32,
        uni: bool,
        rpc: u32,
    },
    /// `brx.idx`: indexed branch.
    BrxIdx {
        idx: Src,
        targets: Vec<u32>,
        uni: bool,
        rpc: u32,
    },
    /// A call: argument and return `.param` variables of the caller, as (frame offset, size).
    Call {
        func: u32,
        indirect: Option<Src>,
        args: Vec<(u32, u32)>,
        rets: Vec<(u32, u32)>,
        uni: bool,
    },
    Ret,
    Exit,
    Trap,
    /// CTA barrier `id` with an optional thread count.
    Bar {
        kind: BarKind,
        id: Src,
        count: Option<Src>,
        /// `bar.*` and `barrier.*.aligned`: every thread of the CTA executes the same instruction, whole warps.
        aligned: bool,
    },
    /// `bar.warp.sync mask`.
    WarpSync {
        mask: Src,
    },
    Shfl {
        mode: ShflMode,
        d: u32,
        p: Option<u32>,
        a: Src,
        b: Src,
        c: Src,
        mask: Src,
    },
    /// A warp-wide matrix operation (`wmma.load`, `wmma.store`, `wmma.mma`; see [`crate::wmma`]).
    Wmma(Box<crate::wmma::WmmaOp>),
    /// `vote`: `d` is a predicate register for all/any/uni, a value register for ballot.
    Vote {
        mode: VoteMode,
        d: u32,
        a: PSrc,
        mask: Option<Src>,
    },
    Match {
        all: bool,
        bits: u32,
        d: u32,
        p: Option<u32>,
        a: Src,
        mask: Src,
    },
    Redux {
        op: ReduxOp,
        signed: bool,
        d: u32,
        a: Src,
        mask: Src,
    },
    ActiveMask {
        d: u32,
    },
    /// Float `testp` kinds: finite, infinite, number, notanumber, normal, subnormal.
    Testp {
        kind: u8,
        ty: Ty,
        p: u32,
        a: Src,
    },
}

/// A decoded instruction.
#[derive(Debug, Clone)]
pub struct Inst {
    /// What it does.
    pub op: Op,
    /// Guard predicate (`@%p`, `@!%p`).
    pub guard: Option<(u32, bool)>,
    /// PTX source line.
    pub line: u32,
    /// Index of the function containing it.
    pub func: u32,
    /// Source position from the last `.loc` before it: (`.file` number, line).
    pub src: Option<(u32, u32)>,
    /// SASS instructions ptxas makes of it on the module's target (the emulator's SASS-weighted estimate).
    pub sass_cost: u16,
}

/// A kernel or device-function parameter.
#[derive(Debug, Clone)]
pub struct ParamInfo {
    /// Name.
    pub name: String,
    /// Offset: in the kernel parameter buffer (kernels) or the param frame (device functions).
    pub offset: u32,
    /// Size in bytes.
    pub size: u32,
    /// Alignment.
    pub align: u32,
    /// Element type.
    pub ty: Ty,
    /// Declared as an array (`.b8 p[32]`).
    pub array: bool,
}

/// A function.
#[derive(Debug, Clone)]
pub struct Func {
    /// Name.
    pub name: String,
    /// `.entry`.
    pub kernel: bool,
    /// Whether it has a body.
    pub defined: bool,
    /// First instruction.
    pub start: u32,
    /// One past the last instruction.
    pub end: u32,
    /// Parameters.
    pub params: Vec<ParamInfo>,
    /// Return parameters (offsets in the function's param frame).
    pub rets: Vec<ParamInfo>,
    /// Size of the kernel parameter buffer (kernels only).
    pub param_bytes: u32,
    /// Bytes of this function's param frame (formals, returns, call-site `.param` variables).
    pub param_frame: u32,
    /// Bytes of this function's local frame (`.local` variables).
    pub local_frame: u32,
    /// Value registers `[first, last)`.
    pub regs: (u32, u32),
    /// Predicate registers `[first, last)`.
    pub preds: (u32, u32),
    /// Part of a call-graph cycle (registers are saved around recursive calls).
    pub recursive: bool,
    /// Source line of the declaration.
    pub line: u32,
}

/// A module `.global` variable.
#[derive(Debug, Clone)]
pub struct GlobalVar {
    /// Name.
    pub name: String,
    /// Address (global = generic).
    pub addr: u64,
    /// Initial contents (its length is the size).
    pub init: Vec<u8>,
}

/// A decoded module.
#[derive(Debug, Clone)]
pub struct Program {
    /// All instructions of all functions.
    pub insts: Vec<Inst>,
    /// Functions (definitions and declarations).
    pub funcs: Vec<Func>,
    /// Number of value registers per warp.
    pub nregs: u32,
    /// Number of predicate registers per warp.
    pub npreds: u32,
    /// Module `.global` variables.
    pub globals: Vec<GlobalVar>,
    /// End of the module globals (launch buffers go after).
    pub globals_end: u64,
    /// The const bank.
    pub const_bank: Vec<u8>,
    /// Bytes of static shared memory.
    pub shared_static: u64,
    /// Offset of dynamic (`.extern .shared`) shared memory.
    pub dyn_shared_offset: u64,
    /// `.shared` variables: name, offset, size in bytes (`.extern` arrays: size 0, they start at
    /// `dyn_shared_offset`); for diagnostics.
    pub shared_vars: Vec<(String, u64, u64)>,
    /// The `.target` architecture number (`sm_90a` → 90; 0 when absent).
    pub sm: u32,
    /// Bytes of module-scope `.local` variables (frames start after them).
    pub local_module: u32,
    /// Per-thread local memory: module variables plus the deepest chain of local frames.
    pub local_bytes: u32,
    /// Per-thread param-frame memory for device-function calls.
    pub param_frame_bytes: u32,
    /// The source text's lines (for diagnostics).
    pub source: Vec<String>,
    /// `.file` names by number.
    pub files: Vec<(u32, String)>,
}

impl Program {
    /// The kernel named `name`.
    pub fn kernel(&self, name: &str) -> Option<u32> {
        self.funcs.iter().position(|f| f.kernel && f.defined && f.name == name).map(|i| i as u32)
    }

    /// Names of the defined kernels.
    pub fn kernel_names(&self) -> Vec<&str> {
        self.funcs.iter().filter(|f| f.kernel && f.defined).map(|f| f.name.as_str()).collect()
    }

    /// `file:line` of an instruction's `.loc`, when the PTX has line information.
    pub fn source_position(&self, pc: u32) -> Option<String> {
        let (f, l) = self.insts.get(pc as usize)?.src?;
        let name = self.files.iter().find(|(n, _)| *n == f).map(|(_, s)| s.as_str()).unwrap_or("?");
        let short = name.rsplit('/').next().unwrap_or(name);
        Some(format!("{short}:{l}"))
    }

    /// The source text of line `line`, whitespace runs collapsed and trailing comments removed.
    pub fn line_text(&self, line: u32) -> String {
        let l = self.source.get((line as usize).wrapping_sub(1)).map(String::as_str).unwrap_or("");
        let l = l.split("//").next().unwrap_or("");
        l.split_whitespace().collect::<Vec<_>>().join(" ")
    }
}
