//! Machine IR (MIR): PTX-shaped instructions on typed virtual registers.
//!
//! A [`MFunction`] owns its virtual registers (a dense map [`Reg`] → [`RegClass`]), its blocks (a dense map
//! [`MBlock`] → [`MBlockData`]) and the block order (`order`), kept separate from the block data so passes can
//! split edges and reorder blocks cheaply. An instruction ([`MInst`]) is a typed [`Opcode`] (operation and PTX
//! modifiers as data), destination and source [`Operand`]s (registers, immediates, symbols, addresses, labels —
//! no free text except an inline-asm template), an optional guard predicate (`@%p` / `@!%p`) and an optional
//! source location for `.loc`. [`MInst::effects`] says what an instruction does besides writing its
//! destinations; passes ask it instead of matching opcode names.
//!
//! A function is in one of three [`Phase`]s, which the verifier ([`verify()`]) checks after every pass:
//! - [`Phase::Ssa`]: every register has at most one definition... up to phis: `phi` pseudo-instructions come
//!   first in their block and list one incoming value per predecessor;
//! - [`Phase::PhiFree`]: no `phi` remains (after SSA destruction); registers may have several definitions;
//! - [`Phase::LaidOut`]: the block order is final and a block may fall through into the next one in `order`
//!   (after branch folding); only the printer runs after it.
//!
//! In every phase: every register an instruction names exists and its class fits where it is used (guards are
//! `.pred`); every block ends with a terminator (`bra`, `brx.idx`, `ret`, `exit`; in `LaidOut` a block may
//! instead fall through) and no unguarded terminator appears before the end; branch targets are blocks of the
//! function.
//!
//! Pseudo-instructions print no PTX: `phi` and the convergence-control markers (`convergence.*`), which exist
//! only so their verifier rules can be checked on MIR.
//!
//! Divergence: isel records which registers hold values the uniformity analysis proves warp-uniform
//! ([`MFunction::uniform`]) and which blocks may run with a divergent subset of a warp
//! ([`MFunction::divergent_blocks`]). Both describe the SSA form; registers created later are conservatively
//! divergent.

pub mod graph;
pub mod opcode;
pub mod passes;
pub mod scoped;
pub mod text;
mod verify;

pub use opcode::{int_ty, Mod, OpKind, Opcode, OpcodeError};
pub use verify::{verify, MirError};

use smallvec::SmallVec;

/// A virtual register.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reg(pub u32);

/// A machine block.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MBlock(pub u32);

/// PTX register classes, in the order LLVM declares them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RegClass {
    /// `.pred %p`.
    Pred,
    /// `.b16 %rs` (i8, i16, half, bfloat).
    B16,
    /// `.b32 %r`.
    B32,
    /// `.b64 %rd` (i64 and pointers).
    B64,
    /// `.f32 %f`.
    F32,
    /// `.f64 %fd`.
    F64,
    /// `.b128 %rq` (i128, only moved and split).
    B128,
}

impl RegClass {
    /// Every class, in declaration order.
    pub const ALL: [RegClass; 7] =
        [RegClass::Pred, RegClass::B16, RegClass::B32, RegClass::B64, RegClass::F32, RegClass::F64, RegClass::B128];
    /// The register name prefix.
    pub fn prefix(self) -> &'static str {
        match self {
            RegClass::Pred => "%p",
            RegClass::B16 => "%rs",
            RegClass::B32 => "%r",
            RegClass::B64 => "%rd",
            RegClass::F32 => "%f",
            RegClass::F64 => "%fd",
            RegClass::B128 => "%rq",
        }
    }
    /// The `.reg` declaration type.
    pub fn decl_type(self) -> &'static str {
        match self {
            RegClass::Pred => ".pred",
            RegClass::B16 => ".b16",
            RegClass::B32 => ".b32",
            RegClass::B64 => ".b64",
            RegClass::F32 => ".f32",
            RegClass::F64 => ".f64",
            RegClass::B128 => ".b128",
        }
    }
    /// The width in bits (1 for predicates).
    pub fn bits(self) -> u32 {
        match self {
            RegClass::Pred => 1,
            RegClass::B16 => 16,
            RegClass::B32 | RegClass::F32 => 32,
            RegClass::B64 | RegClass::F64 => 64,
            RegClass::B128 => 128,
        }
    }
    /// The immediate zero of this class (`0f00000000` for `.f32`, `0d0000000000000000` for `.f64`, else `0`).
    pub fn zero(self) -> Operand {
        match self {
            RegClass::F32 => Operand::F32(0),
            RegClass::F64 => Operand::F64(0),
            _ => Operand::Imm(0),
        }
    }
    /// The untyped `mov` type of a copy in this class (`.b32`, `.f32`, `.pred`, ...).
    pub fn mov_mod(self) -> Mod {
        match self {
            RegClass::Pred => Mod::Pred,
            RegClass::B16 => Mod::B16,
            RegClass::B32 => Mod::B32,
            RegClass::B64 => Mod::B64,
            RegClass::F32 => Mod::F32,
            RegClass::F64 => Mod::F64,
            RegClass::B128 => Mod::B128,
        }
    }
    /// The untyped `mov` suffix for a copy in this class.
    pub fn mov_type(self) -> &'static str {
        match self {
            RegClass::Pred => "pred",
            RegClass::B16 => "b16",
            RegClass::B32 => "b32",
            RegClass::B64 => "b64",
            RegClass::F32 => "f32",
            RegClass::F64 => "f64",
            RegClass::B128 => "b128",
        }
    }
}

/// An operand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A virtual register.
    Reg(Reg),
    /// An integer immediate (printed in decimal).
    Imm(i64),
    /// A 32-bit float immediate, as its bit pattern (printed `0fXXXXXXXX`).
    F32(u32),
    /// A 64-bit float immediate, as its bit pattern (printed `0dXXXXXXXXXXXXXXXX`).
    F64(u64),
    /// A symbol: a global, a parameter, `__local_depot0`, a special register such as `%tid.x`, `%SPL`.
    Sym(Sym),
    /// A memory address `[base+offset]`.
    Addr(Box<Operand>, i64),
    /// A vector `{a, b, ...}` (vector loads/stores, `mov` packing).
    Vec(Box<[Operand]>),
    /// A block label.
    Label(MBlock),
    /// A list of labels (`brx.idx` tables are printed from this).
    Labels(Box<[MBlock]>),
    /// An inline-assembly template (`$0`, `$1`, ... refer to the destinations, then the other sources).
    Asm(Sym),
}

/// A symbol's or template's text: shared, so copying an operand does not allocate (operands are copied into
/// value-numbering keys and between instructions all the time), and 16 bytes, so an [`Operand`] is 24.
pub type Sym = std::sync::Arc<str>;

impl Operand {
    /// The register, if this is one.
    pub fn reg(&self) -> Option<Reg> {
        match self {
            Operand::Reg(r) => Some(*r),
            _ => None,
        }
    }
    /// Every register the operand reads (for a destination: writes) including inside addresses and vectors.
    pub fn regs(&self, out: &mut SmallVec<[Reg; 4]>) {
        self.for_each_reg(&mut |r| out.push(r));
    }
    /// Calls `f` on every register, in the order [`Operand::regs`] lists them.
    #[inline]
    pub fn for_each_reg(&self, f: &mut impl FnMut(Reg)) {
        match self {
            Operand::Reg(r) => f(*r),
            Operand::Addr(b, _) => b.for_each_reg(f),
            Operand::Vec(v) => v.iter().for_each(|o| o.for_each_reg(f)),
            _ => {}
        }
    }
    /// Rewrites every register with `f`.
    pub fn map_regs(&mut self, f: &mut impl FnMut(Reg) -> Reg) {
        match self {
            Operand::Reg(r) => *r = f(*r),
            Operand::Addr(b, _) => b.map_regs(f),
            Operand::Vec(v) => v.iter_mut().for_each(|o| o.map_regs(f)),
            _ => {}
        }
    }
    /// Whether this is a special register read (`%tid.x`, `%clock64`, ...), as opposed to an address symbol.
    pub fn is_special_reg(&self) -> bool {
        matches!(self, Operand::Sym(s) if s.starts_with('%') && &**s != "%SP" && &**s != "%SPL")
    }
}

/// A set of PTX state spaces (bit set over [`Space`]-like flags; generic addressing may reach any of the
/// addressable ones).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Spaces(pub u8);

impl Spaces {
    /// No space.
    pub const NONE: Spaces = Spaces(0);
    /// `.global`.
    pub const GLOBAL: Spaces = Spaces(1);
    /// `.shared`.
    pub const SHARED: Spaces = Spaces(2);
    /// `.local`.
    pub const LOCAL: Spaces = Spaces(4);
    /// `.const`.
    pub const CONST: Spaces = Spaces(8);
    /// `.param`.
    pub const PARAM: Spaces = Spaces(16);
    /// Everything a generic address can reach (global, shared, local, const).
    pub const GENERIC: Spaces = Spaces(1 | 2 | 4 | 8);
    /// Every space.
    pub const ALL: Spaces = Spaces(31);
    /// The space of a state-space modifier; `None` (generic addressing) reaches [`Spaces::GENERIC`].
    pub fn of(m: Option<Mod>) -> Spaces {
        match m {
            Some(Mod::Global) => Spaces::GLOBAL,
            Some(Mod::Shared | Mod::SharedCta) => Spaces::SHARED,
            Some(Mod::Local) => Spaces::LOCAL,
            Some(Mod::Const) => Spaces::CONST,
            Some(Mod::Param) => Spaces::PARAM,
            _ => Spaces::GENERIC,
        }
    }
    /// Whether the sets intersect.
    pub fn overlaps(self, o: Spaces) -> bool {
        self.0 & o.0 != 0
    }
    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl std::ops::BitOr for Spaces {
    type Output = Spaces;
    fn bitor(self, o: Spaces) -> Spaces {
        Spaces(self.0 | o.0)
    }
}

/// What an instruction does besides writing its register destinations.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Spaces it may read.
    pub reads: Spaces,
    /// Spaces it may write.
    pub writes: Spaces,
    /// Orders memory or synchronizes threads (`bar.sync`, `membar`, `fence`, calls): nothing that touches
    /// memory may move across it, and no load may be commoned across it.
    pub barrier: bool,
    /// An atomic read-modify-write or reduction.
    pub atomic: bool,
    /// Warp-synchronous or CTA-synchronous (`bar`, `shfl`, `vote`, `match`, `redux`, `activemask`, calls):
    /// must not be moved to a place with a different set of active threads, duplicated or predicated.
    pub convergent: bool,
    /// May fault or trap when executed (memory accesses, `trap`).
    pub may_trap: bool,
    /// Has an effect that is not described above (volatile accesses, clock reads, inline asm with side
    /// effects, writes to fixed registers such as `%SPL`): never removed, moved or commoned.
    pub side_effect: bool,
    /// Transfers control (branches, `ret`, `exit`).
    pub control: bool,
}

impl Effects {
    /// Removable when its results are unused: no write, barrier, atomic, convergence, side effect or control.
    /// (A plain load is removable: an unused load has no observable effect.)
    pub fn is_removable(&self) -> bool {
        self.writes.is_empty()
            && !self.barrier
            && !self.atomic
            && !self.convergent
            && !self.side_effect
            && !self.control
    }
    /// A pure computation of its sources: removable and reads no memory, so two instances with equal
    /// sources compute equal values anywhere (the criterion for commoning without memory reasoning).
    pub fn is_pure(&self) -> bool {
        self.is_removable() && self.reads.is_empty() && !self.may_trap
    }
}

/// One machine instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct MInst {
    /// The opcode.
    pub op: Opcode,
    /// Destinations (usually zero or one; vector loads have one `Vec`; `shfl`/`match` may have two).
    pub dsts: SmallVec<[Operand; 1]>,
    /// Sources, in PTX operand order after the destinations.
    pub srcs: SmallVec<[Operand; 3]>,
    /// Guard predicate and whether it is negated (`@!%p`).
    pub guard: Option<(Reg, bool)>,
    /// `phi` only: the predecessor block of each source.
    pub phi_blocks: SmallVec<[MBlock; 2]>,
    /// Source location `(file index, line, column)` for `.loc`.
    pub loc: Option<(u32, u32, u32)>,
}

impl MInst {
    /// An instruction without guard or location.
    pub fn new(op: impl Into<Opcode>, dsts: &[Operand], srcs: &[Operand]) -> MInst {
        MInst {
            op: op.into(),
            dsts: dsts.iter().cloned().collect(),
            srcs: srcs.iter().cloned().collect(),
            guard: None,
            phi_blocks: SmallVec::new(),
            loc: None,
        }
    }
    /// `mov` of the register class's untyped type (`setp.ne.s32 d, v, 0` for a predicate immediate).
    pub fn copy(c: RegClass, d: Reg, s: Operand) -> MInst {
        match (&s, c) {
            (Operand::Imm(v), RegClass::Pred) => MInst::new(
                Opcode::new(OpKind::Setp, &[Mod::Ne, Mod::S32]),
                &[Operand::Reg(d)],
                &[Operand::Imm(*v & 1), Operand::Imm(0)],
            ),
            _ => MInst::new(Opcode::new(OpKind::Mov, &[c.mov_mod()]), &[Operand::Reg(d)], &[s]),
        }
    }
    /// An unconditional `bra.uni` to `t`.
    pub fn jump(t: MBlock) -> MInst {
        MInst::new(Opcode::new(OpKind::Bra, &[Mod::Uni]), &[], &[Operand::Label(t)])
    }
    /// The operation.
    pub fn kind(&self) -> OpKind {
        self.op.kind
    }
    /// True for the block-ending instructions (unguarded `bra`, `brx`, `ret`, `exit`).
    pub fn is_terminator(&self) -> bool {
        self.guard.is_none() && matches!(self.op.kind, OpKind::Bra | OpKind::Brx | OpKind::Ret | OpKind::Exit)
    }
    /// True for branches (guarded or not).
    pub fn is_branch(&self) -> bool {
        matches!(self.op.kind, OpKind::Bra | OpKind::Brx)
    }
    /// True for `phi`.
    pub fn is_phi(&self) -> bool {
        self.op.kind == OpKind::Phi
    }
    /// True for pseudo-instructions that print nothing.
    pub fn is_pseudo(&self) -> bool {
        matches!(self.op.kind, OpKind::Phi | OpKind::Convergence | OpKind::Undef)
    }
    /// True for `undef.T %r` ([`OpKind::Undef`]).
    pub fn is_undef(&self) -> bool {
        self.op.kind == OpKind::Undef
    }
    /// True for the call-sequence framing (`{ // callseq`, `.param` declarations, `}`), which prints a line
    /// but is not an instruction.
    pub fn is_call_frame(&self) -> bool {
        matches!(self.op.kind, OpKind::CallSeqStart | OpKind::CallSeqEnd | OpKind::DeclParam)
    }
    /// True for a plain register copy `mov.T %d, %s` (unguarded, register to register).
    pub fn is_copy(&self) -> bool {
        self.op.kind == OpKind::Mov
            && self.guard.is_none()
            && self.op.mods.len() == 1
            && matches!(self.dsts.as_slice(), [Operand::Reg(_)])
            && matches!(self.srcs.as_slice(), [Operand::Reg(_)])
    }
    /// Whether the operation is commutative in its first two sources.
    pub fn is_commutative(&self) -> bool {
        self.op.is_commutative()
    }
    /// What the instruction does besides writing its register destinations (see [`Effects`]).
    pub fn effects(&self) -> Effects {
        use OpKind::*;
        let mut e = Effects::default();
        if self.dsts.iter().any(|d| matches!(d, Operand::Sym(_))) {
            e.side_effect = true;
        }
        // Only memory operations look at these (computed on use: most instructions are arithmetic).
        let volatile = || self.op.has(Mod::Volatile) || self.op.has(Mod::Mmio);
        let ordered = || self.op.mods.iter().any(|m| matches!(m, Mod::Acquire | Mod::Release | Mod::AcqRel | Mod::Sc));
        match self.op.kind {
            Ld | Ldu => {
                e.reads = Spaces::of(self.op.space());
                e.may_trap = true;
                e.side_effect |= volatile();
                e.barrier |= ordered();
            }
            St => {
                e.writes = Spaces::of(self.op.space());
                e.may_trap = true;
                e.side_effect |= volatile();
                e.barrier |= ordered();
            }
            Atom | Red => {
                let s = Spaces::of(self.op.space());
                e.reads = s;
                e.writes = s;
                e.atomic = true;
                e.may_trap = true;
                e.barrier |= ordered();
            }
            Prefetch => e.side_effect = true,
            Bar | Barrier => {
                e.barrier = true;
                e.convergent = true;
                e.reads = Spaces::GENERIC;
                e.writes = Spaces::GENERIC;
            }
            Membar | Fence => {
                e.barrier = true;
                e.reads = Spaces::GENERIC;
                e.writes = Spaces::GENERIC;
            }
            Shfl | Vote | Match | Redux | Activemask => e.convergent = true,
            // Warp-wide matrix operations: every lane of the warp takes part (`.sync.aligned`).
            Wmma => {
                e.convergent = true;
                if self.op.has(Mod::Load) {
                    e.reads = Spaces::of(self.op.space());
                    e.may_trap = true;
                } else if self.op.has(Mod::Store) {
                    e.writes = Spaces::of(self.op.space());
                    e.may_trap = true;
                }
            }
            Call => {
                e.reads = Spaces::ALL;
                e.writes = Spaces::ALL;
                e.barrier = true;
                e.convergent = true;
                e.may_trap = true;
                e.side_effect = true;
            }
            CallSeqStart | CallSeqEnd | DeclParam => {
                e.side_effect = true;
                e.convergent = true;
            }
            Bra | Brx | Ret | Exit => e.control = true,
            Trap => {
                e.control = true;
                e.may_trap = true;
                e.side_effect = true;
            }
            Nanosleep | Pmevent => e.side_effect = true,
            InlineAsm if self.op.has(Mod::SideEffect) || self.dsts.is_empty() => {
                e.reads = Spaces::ALL;
                e.writes = Spaces::ALL;
                e.barrier = true;
                e.convergent = true;
                e.side_effect = true;
            }
            Convergence => {
                e.convergent = true;
                e.side_effect = true;
            }
            // Clock and performance-counter reads differ between two executions.
            Mov if self.srcs.iter().any(|s| {
                matches!(s, Operand::Sym(n) if n.starts_with("%clock") || n.starts_with("%globaltimer")
                    || n.starts_with("%pm"))
            }) =>
            {
                e.side_effect = true;
            }
            _ => {}
        }
        e
    }
    /// True when removing the instruction (with all its results unused) changes nothing observable.
    pub fn is_removable(&self) -> bool {
        !self.is_phi() && self.effects().is_removable()
    }
    /// Registers written.
    pub fn defs(&self) -> SmallVec<[Reg; 4]> {
        let mut v = SmallVec::new();
        self.for_each_def(&mut |r| v.push(r));
        v
    }
    /// Rewrites every register read (sources and guard) with `f`.
    pub fn map_uses(&mut self, f: &mut impl FnMut(Reg) -> Reg) {
        self.srcs.iter_mut().for_each(|s| s.map_regs(f));
        if let Some((g, _)) = &mut self.guard {
            *g = f(*g);
        }
    }
    /// The sources in a canonical order for value numbering: a commutative operation's first two operands
    /// sorted (registers by number before immediates), so `a + b` and `b + a` get one key.
    pub fn canonical_srcs(&self) -> SmallVec<[Operand; 3]> {
        let mut srcs = self.srcs.clone();
        if self.is_commutative() && srcs.len() >= 2 {
            let rank = |o: &Operand| match o {
                Operand::Reg(r) => (0u8, r.0 as i64),
                Operand::Imm(v) => (1, *v),
                _ => (2, 0),
            };
            if rank(&srcs[1]) < rank(&srcs[0]) {
                srcs.swap(0, 1);
            }
        }
        srcs
    }
    /// Calls `f` on every register read (sources, then the guard), as [`MInst::uses`] lists them.
    #[inline]
    pub fn for_each_use(&self, f: &mut impl FnMut(Reg)) {
        for s in &self.srcs {
            s.for_each_reg(f);
        }
        if let Some((g, _)) = self.guard {
            f(g);
        }
    }
    /// Calls `f` on every register written, as [`MInst::defs`] lists them.
    #[inline]
    pub fn for_each_def(&self, f: &mut impl FnMut(Reg)) {
        for d in &self.dsts {
            d.for_each_reg(f);
        }
    }
    /// Registers read (sources and guard).
    pub fn uses(&self) -> SmallVec<[Reg; 4]> {
        let mut v = SmallVec::new();
        self.for_each_use(&mut |r| v.push(r));
        v
    }
    /// The branch targets of a branch instruction.
    pub fn targets(&self) -> SmallVec<[MBlock; 2]> {
        let mut v = SmallVec::new();
        for s in &self.srcs {
            match s {
                Operand::Label(b) => v.push(*b),
                Operand::Labels(bs) => v.extend(bs.iter().copied()),
                _ => {}
            }
        }
        v
    }
}

/// A block: its instructions and optional `.pragma` lines printed after its label.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MBlockData {
    /// Instructions in order.
    pub insts: Vec<MInst>,
    /// `.pragma "nounroll";` and similar, printed right after the label.
    pub pragmas: Vec<String>,
}

/// Where a function is in the MIR pipeline; each phase allows what the module doc says.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// SSA form with `phi`s (after instruction selection).
    #[default]
    Ssa,
    /// No `phi`s (after SSA destruction).
    PhiFree,
    /// Final block order with fall-through (after branch folding).
    LaidOut,
}

impl Phase {
    /// The name used in the MIR text form (`ssa`, `phi-free`, `laid-out`).
    pub fn name(self) -> &'static str {
        match self {
            Phase::Ssa => "ssa",
            Phase::PhiFree => "phi-free",
            Phase::LaidOut => "laid-out",
        }
    }
    /// Parses [`Phase::name`].
    pub fn parse(s: &str) -> Option<Phase> {
        match s {
            "ssa" => Some(Phase::Ssa),
            "phi-free" => Some(Phase::PhiFree),
            "laid-out" => Some(Phase::LaidOut),
            _ => None,
        }
    }
}

/// A machine function body.
#[derive(Clone, Debug, Default)]
pub struct MFunction {
    /// The function's PTX name.
    pub name: String,
    /// Register classes.
    pub regs: Vec<RegClass>,
    /// Block data.
    pub blocks: Vec<MBlockData>,
    /// Block order; the first is the entry.
    pub order: Vec<MBlock>,
    /// Size and alignment of the local depot (`__local_depotN`), when allocas or spills need one.
    pub depot: Option<(u64, u64)>,
    /// Whether the body uses `%SP` (the generic address of the depot) besides `%SPL`.
    pub uses_sp: bool,
    /// Whether the function is a kernel (`.entry`): its `ld.param`s read the constant bank, so ptxas can load a
    /// parameter again wherever it needs it instead of keeping it in a register.
    pub is_kernel: bool,
    /// Declarations printed between the register declarations and the first block (`.callprototype` lines
    /// of indirect calls).
    pub prologue: Vec<String>,
    /// The pipeline phase (checked by the verifier).
    pub phase: Phase,
    /// Per register: whether it holds a warp-uniform value (from the uniformity analysis; SSA form).
    /// Registers created after isel are divergent unless a pass says otherwise.
    pub uniform: Vec<bool>,
    /// Per block: whether it may execute with a divergent subset of a warp (from the uniformity analysis).
    pub divergent_blocks: Vec<bool>,
    /// Set by a coalescing SSA destruction (`phi-elim`): how it renamed SSA registers, for the symbolic
    /// checker under `--verify-each` (the pass manager takes it after the check).
    pub destruction: Option<Box<passes::ssa_check::Assignment>>,
    /// Set by `ifconvert` when it predicated a branch of this function (`late-commoning` runs on such
    /// functions by default).
    pub if_converted: bool,
}

impl MFunction {
    /// Rewrites every register read by the instructions in the block order with `f` (see [`MInst::map_uses`]).
    pub fn map_uses(&mut self, f: &mut impl FnMut(Reg) -> Reg) {
        for b in &self.order {
            self.blocks[b.0 as usize].insts.iter_mut().for_each(|i| i.map_uses(f));
        }
    }
    /// A new register.
    pub fn new_reg(&mut self, c: RegClass) -> Reg {
        self.regs.push(c);
        self.uniform.push(false);
        Reg(self.regs.len() as u32 - 1)
    }
    /// A new block that is not in the order yet (edge splitting places it).
    pub fn new_detached_block(&mut self) -> MBlock {
        self.blocks.push(MBlockData::default());
        self.divergent_blocks.push(false);
        MBlock(self.blocks.len() as u32 - 1)
    }
    /// Whether register `r` is known to hold a warp-uniform value.
    pub fn is_uniform(&self, r: Reg) -> bool {
        self.uniform.get(r.0 as usize).copied().unwrap_or(false)
    }
    /// Whether block `b` may run with a divergent subset of a warp.
    pub fn is_divergent_block(&self, b: MBlock) -> bool {
        self.divergent_blocks.get(b.0 as usize).copied().unwrap_or(true)
    }
    /// The class of a register.
    pub fn class(&self, r: Reg) -> RegClass {
        self.regs[r.0 as usize]
    }
    /// A new, empty block appended to the order.
    pub fn new_block(&mut self) -> MBlock {
        self.blocks.push(MBlockData::default());
        self.divergent_blocks.push(false);
        let b = MBlock(self.blocks.len() as u32 - 1);
        self.order.push(b);
        b
    }
    /// A block's data.
    pub fn block(&self, b: MBlock) -> &MBlockData {
        &self.blocks[b.0 as usize]
    }
    /// A block's data, mutably.
    pub fn block_mut(&mut self, b: MBlock) -> &mut MBlockData {
        &mut self.blocks[b.0 as usize]
    }
    /// Points the branches of `src` that go to `from` (labels and label lists) at `to`.
    pub fn retarget_branches(&mut self, src: MBlock, from: MBlock, to: MBlock) {
        for i in &mut self.block_mut(src).insts {
            if i.is_branch() {
                for o in i.srcs.iter_mut() {
                    match o {
                        Operand::Label(t) if *t == from => *t = to,
                        Operand::Labels(ts) => ts.iter_mut().filter(|t| **t == from).for_each(|t| *t = to),
                        _ => {}
                    }
                }
            }
        }
    }
    /// Makes the phis of `b` that read an operand from predecessor `from` read it from `to`.
    pub fn rename_phi_pred(&mut self, b: MBlock, from: MBlock, to: MBlock) {
        for i in self.block_mut(b).insts.iter_mut().take_while(|i| i.is_phi()) {
            for pb in i.phi_blocks.iter_mut() {
                if *pb == from {
                    *pb = to;
                }
            }
        }
    }
    /// Successors of a block, from its branches, in order, deduplicated (fall-through edges of
    /// [`Phase::LaidOut`] are not included: see [`MFunction::successor_lists`]).
    pub fn succs(&self, b: MBlock) -> SmallVec<[MBlock; 2]> {
        let mut v: SmallVec<[MBlock; 2]> = SmallVec::new();
        for i in &self.block(b).insts {
            if i.is_branch() {
                for t in i.targets() {
                    if !v.contains(&t) {
                        v.push(t);
                    }
                }
            }
        }
        v
    }
    /// Successor lists of every block (indexed by block number): branch targets in order, deduplicated, plus
    /// the fall-through block in [`Phase::LaidOut`] when the block does not end with a terminator.
    pub fn successor_lists(&self) -> Vec<SmallVec<[MBlock; 2]>> {
        let mut out: Vec<SmallVec<[MBlock; 2]>> =
            std::iter::repeat_with(SmallVec::new).take(self.blocks.len()).collect();
        for (k, &b) in self.order.iter().enumerate() {
            let mut v = self.succs(b);
            if self.phase == Phase::LaidOut && !self.block(b).insts.last().is_some_and(|i| i.is_terminator()) {
                if let Some(&n) = self.order.get(k + 1) {
                    if !v.contains(&n) {
                        v.push(n);
                    }
                }
            }
            out[b.0 as usize] = v;
        }
        out
    }
    /// How many times each register is read (instruction sources, addresses and guards, over the blocks in
    /// [`MFunction::order`]), indexed by register number: the use counts several MIR passes start from.
    pub fn read_counts(&self) -> Vec<u32> {
        self.reg_counts(true)
    }
    /// How many instructions (over the blocks in [`MFunction::order`]) write each register, indexed by register
    /// number.
    pub fn write_counts(&self) -> Vec<u32> {
        self.reg_counts(false)
    }
    fn reg_counts(&self, reads: bool) -> Vec<u32> {
        let mut n = vec![0u32; self.regs.len()];
        let mut count = |r: Reg| n[r.0 as usize] += 1;
        for &b in &self.order {
            for i in &self.block(b).insts {
                if reads {
                    i.for_each_use(&mut count);
                } else {
                    i.for_each_def(&mut count);
                }
            }
        }
        n
    }
    /// Per register: defined by an `undef` pseudo-instruction ([`OpKind::Undef`]).
    pub fn undef_regs(&self) -> Vec<bool> {
        let mut undef = vec![false; self.regs.len()];
        for i in self.blocks.iter().flat_map(|b| &b.insts).filter(|i| i.is_undef()) {
            for d in i.defs() {
                undef[d.0 as usize] = true;
            }
        }
        undef
    }
    /// Predecessor lists of every block (indexed by block number), each in order of first appearance; includes
    /// fall-through edges in [`Phase::LaidOut`].
    pub fn preds(&self) -> Vec<SmallVec<[MBlock; 2]>> {
        let succs = self.successor_lists();
        let mut p: Vec<SmallVec<[MBlock; 2]>> = std::iter::repeat_with(SmallVec::new).take(self.blocks.len()).collect();
        for &b in &self.order {
            for &s in &succs[b.0 as usize] {
                let l: &mut SmallVec<[MBlock; 2]> = &mut p[s.0 as usize];
                if !l.contains(&b) {
                    l.push(b);
                }
            }
        }
        p
    }
    /// How many registers of each class exist (the `.reg` counts are this plus one, as `%r<N>` declares
    /// `%r0..%r(N-1)` and numbering starts at 1).
    pub fn class_numbers(&self) -> Vec<u32> {
        let mut counters = [0u32; 7];
        let mut nums = Vec::with_capacity(self.regs.len());
        for c in &self.regs {
            let k = RegClass::ALL.iter().position(|x| x == c).unwrap_or(0);
            counters[k] += 1;
            nums.push(counters[k]);
        }
        nums
    }
}

pub use text::{reg_name, write_operand};
