//! Machine IR (MIR): PTX-shaped instructions on typed virtual registers.
//!
//! A [`MFunction`] owns its virtual registers (a dense map [`Reg`] → [`RegClass`]), its blocks (a dense map
//! [`MBlock`] → [`MBlockData`]) and the block order (`order`), kept separate from the block data so passes can
//! split edges and reorder blocks cheaply. An instruction ([`MInst`]) is an opcode with its PTX suffixes already
//! spelled (`add.s32`, `ld.global.v2.f32`, `setp.lt.s32`), destination and source operands, an optional guard
//! predicate (`@%p` / `@!%p`) and an optional source location for `.loc`.
//!
//! Invariants (checked by [`verify`]):
//! - every register an instruction names exists, and its class fits where it is used (guards are `.pred`);
//! - every block ends with exactly one terminator (`bra`, `bra.uni`, `brx.idx`, `ret`, `exit`, `trap`-then-`exit`)
//!   and no terminator appears before the end, except that a guarded `bra` may precede the final one;
//! - before SSA destruction, `phi` pseudo-instructions come first in their block and list one incoming value per
//!   predecessor; after it, no `phi` remains;
//! - branch targets are blocks of the same function.
//!
//! Pseudo-instructions print no PTX: `phi` (before SSA destruction) and the convergence-control markers
//! (`convergence.*`), which exist only so their verifier rules can be checked on MIR.

use smallvec::SmallVec;
use std::fmt::{self, Write};

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
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// A virtual register.
    Reg(Reg),
    /// An integer immediate (printed in decimal).
    Imm(i64),
    /// A 32-bit float immediate, as its bit pattern (printed `0fXXXXXXXX`).
    F32(u32),
    /// A 64-bit float immediate, as its bit pattern (printed `0dXXXXXXXXXXXXXXXX`).
    F64(u64),
    /// A symbol: a global, a parameter, `__local_depot0`, a special register such as `%tid.x`.
    Sym(String),
    /// A memory address `[base+offset]`.
    Addr(Box<Operand>, i64),
    /// A vector `{a, b, ...}` (vector loads/stores, `mov` packing).
    Vec(Vec<Operand>),
    /// A block label.
    Label(MBlock),
    /// A list of labels (`brx.idx` tables are printed from this).
    Labels(Vec<MBlock>),
    /// Text printed verbatim (inline asm, call argument lists).
    Raw(String),
}

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
        match self {
            Operand::Reg(r) => out.push(*r),
            Operand::Addr(b, _) => b.regs(out),
            Operand::Vec(v) => v.iter().for_each(|o| o.regs(out)),
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
}

/// One machine instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct MInst {
    /// The opcode with its suffixes, e.g. `add.s32`; pseudo-instructions are `phi` and `convergence.*`.
    pub op: String,
    /// Destinations (usually zero or one; vector loads have one `Vec`).
    pub dsts: SmallVec<[Operand; 1]>,
    /// Sources, in PTX operand order after the destinations.
    pub srcs: SmallVec<[Operand; 3]>,
    /// Guard predicate and whether it is negated (`@!%p`).
    pub guard: Option<(Reg, bool)>,
    /// `phi` only: the predecessor block of each source.
    pub phi_blocks: SmallVec<[MBlock; 2]>,
    /// Source location `(file index, line, column)` for `.loc`.
    pub loc: Option<(u32, u32, u32)>,
    /// For `call`: the full text (`call.uni (retval0), f, (param0, param1);`) is in `srcs` as `Raw`.
    pub side_effects: bool,
}

impl MInst {
    /// An instruction without guard or location.
    pub fn new(op: impl Into<String>, dsts: &[Operand], srcs: &[Operand]) -> MInst {
        MInst {
            op: op.into(),
            dsts: dsts.iter().cloned().collect(),
            srcs: srcs.iter().cloned().collect(),
            guard: None,
            phi_blocks: SmallVec::new(),
            loc: None,
            side_effects: false,
        }
    }
    /// The opcode's base name (`add` for `add.s32`).
    pub fn base(&self) -> &str {
        self.op.split('.').next().unwrap_or("")
    }
    /// True for the block-ending instructions.
    pub fn is_terminator(&self) -> bool {
        self.guard.is_none() && matches!(self.base(), "bra" | "brx" | "ret" | "exit")
    }
    /// True for branches (guarded or not).
    pub fn is_branch(&self) -> bool {
        matches!(self.base(), "bra" | "brx")
    }
    /// True for `phi`.
    pub fn is_phi(&self) -> bool {
        self.op == "phi"
    }
    /// True for pseudo-instructions that print nothing.
    pub fn is_pseudo(&self) -> bool {
        self.op == "phi" || self.op.starts_with("convergence.")
    }
    /// True when removing the instruction (with all its results unused) changes nothing observable.
    pub fn is_pure(&self) -> bool {
        if self.side_effects || self.is_terminator() || self.is_branch() {
            return false;
        }
        let b = self.base();
        !(matches!(
            b,
            "st" | "atom"
                | "red"
                | "call"
                | "bar"
                | "barrier"
                | "membar"
                | "fence"
                | "trap"
                | "exit"
                | "ret"
                | "shfl"
                | "vote"
                | "match"
                | "redux"
                | "activemask"
                | "prefetch"
                | "nanosleep"
                | "pmevent"
        ) || b.starts_with("convergence")
            || (b == "ld" && self.op.contains(".volatile"))
            || b == "mov"
                && self
                    .srcs
                    .iter()
                    .any(|s| matches!(s, Operand::Sym(n) if n.starts_with("%clock") || n.starts_with("%globaltimer"))))
    }
    /// Registers written.
    pub fn defs(&self) -> SmallVec<[Reg; 4]> {
        let mut v = SmallVec::new();
        self.dsts.iter().for_each(|d| d.regs(&mut v));
        v
    }
    /// Registers read (sources and guard).
    pub fn uses(&self) -> SmallVec<[Reg; 4]> {
        let mut v = SmallVec::new();
        self.srcs.iter().for_each(|s| s.regs(&mut v));
        if let Some((g, _)) = self.guard {
            v.push(g);
        }
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
    /// Text printed between the register declarations and the first block (jump tables' declarations
    /// are printed in place; `.callprototype` declarations live here).
    pub prologue: Vec<String>,
}

impl MFunction {
    /// A new register.
    pub fn new_reg(&mut self, c: RegClass) -> Reg {
        self.regs.push(c);
        Reg(self.regs.len() as u32 - 1)
    }
    /// The class of a register.
    pub fn class(&self, r: Reg) -> RegClass {
        self.regs[r.0 as usize]
    }
    /// A new, empty block appended to the order.
    pub fn new_block(&mut self) -> MBlock {
        self.blocks.push(MBlockData::default());
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
    /// Successors of a block, from its branches, in order, deduplicated.
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
    /// Predecessor lists of every block (indexed by block number), each in order of first appearance.
    pub fn preds(&self) -> Vec<SmallVec<[MBlock; 2]>> {
        let mut p = vec![SmallVec::new(); self.blocks.len()];
        for &b in &self.order {
            for s in self.succs(b) {
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

/// Prints a register as PTX given its per-class number.
pub fn reg_name(f: &MFunction, nums: &[u32], r: Reg) -> String {
    format!("{}{}", f.class(r).prefix(), nums[r.0 as usize])
}

/// Writes an operand.
pub fn write_operand(out: &mut String, f: &MFunction, nums: &[u32], labels: &dyn Fn(MBlock) -> String, o: &Operand) {
    match o {
        Operand::Reg(r) => out.push_str(&reg_name(f, nums, *r)),
        Operand::Imm(v) => {
            let _ = write!(out, "{v}");
        }
        Operand::F32(b) => {
            let _ = write!(out, "0f{b:08X}");
        }
        Operand::F64(b) => {
            let _ = write!(out, "0d{b:016X}");
        }
        Operand::Sym(s) | Operand::Raw(s) => out.push_str(s),
        Operand::Addr(b, off) => {
            out.push('[');
            write_operand(out, f, nums, labels, b);
            if *off > 0 {
                let _ = write!(out, "+{off}");
            } else if *off < 0 {
                let _ = write!(out, "+-{}", off.unsigned_abs());
            }
            out.push(']');
        }
        Operand::Vec(v) => {
            out.push('{');
            for (k, e) in v.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                write_operand(out, f, nums, labels, e);
            }
            out.push('}');
        }
        Operand::Label(b) => out.push_str(&labels(*b)),
        Operand::Labels(bs) => {
            for (k, b) in bs.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                out.push_str(&labels(*b));
            }
        }
    }
}

/// A MIR verification failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MirError(pub String);

impl fmt::Display for MirError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MIR verifier: {}", self.0)
    }
}

/// Checks the invariants listed in the module doc. `ssa_destructed` additionally forbids `phi`.
pub fn verify(f: &MFunction, ssa_destructed: bool) -> Result<(), MirError> {
    let nregs = f.regs.len() as u32;
    let nblocks = f.blocks.len() as u32;
    let err = |b: MBlock, k: usize, msg: String| MirError(format!("in '{}', block {} inst {}: {msg}", f.name, b.0, k));
    let preds = f.preds();
    let mut seen = vec![false; f.blocks.len()];
    for &b in &f.order {
        if b.0 >= nblocks || std::mem::replace(&mut seen[b.0 as usize], true) {
            return Err(MirError(format!("in '{}': block {} listed twice or unknown", f.name, b.0)));
        }
    }
    for &b in &f.order {
        let insts = &f.block(b).insts;
        let Some(last) = insts.last() else {
            return Err(err(b, 0, "empty block".into()));
        };
        if !last.is_terminator() {
            return Err(err(b, insts.len() - 1, format!("block does not end with a terminator (`{}`)", last.op)));
        }
        let mut past_phis = false;
        for (k, i) in insts.iter().enumerate() {
            if k + 1 < insts.len() && i.is_terminator() {
                return Err(err(b, k, format!("terminator `{}` before the end of the block", i.op)));
            }
            if i.is_phi() {
                if ssa_destructed {
                    return Err(err(b, k, "phi after SSA destruction".into()));
                }
                if past_phis {
                    return Err(err(b, k, "phi after a non-phi instruction".into()));
                }
                let p = &preds[b.0 as usize];
                if i.phi_blocks.len() != p.len() || p.iter().any(|x| !i.phi_blocks.contains(x)) {
                    return Err(err(b, k, "phi does not list exactly the predecessors".into()));
                }
            } else {
                past_phis = true;
            }
            for r in i.defs().into_iter().chain(i.uses()) {
                if r.0 >= nregs {
                    return Err(err(b, k, format!("unknown register {}", r.0)));
                }
            }
            if let Some((g, _)) = i.guard {
                if f.class(g) != RegClass::Pred {
                    return Err(err(b, k, "guard is not a predicate".into()));
                }
            }
            for t in i.targets() {
                if t.0 >= nblocks || !seen[t.0 as usize] {
                    return Err(err(b, k, format!("branch to unknown block {}", t.0)));
                }
            }
        }
    }
    Ok(())
}
