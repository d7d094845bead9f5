//! `ifconvert`: if-conversion of small hammocks and diamonds on SSA MIR (seed 002's phase 63
//! "OriDoPredication", which runs right before LateOriCommoning; the seed names the phase and its place in the
//! pipeline, not its algorithm — the cost model below is simtc's).
//!
//! # Shapes
//! A *header* `H` ends with `@p bra T; bra F` (one guarded branch, then the unconditional one; no other branch in
//! the block). Each successor opens a *side*: when it has `H` as its only predecessor, the side is the chain of
//! blocks `S1 → S2 → … → Sk` where each `S(i+1)` has `S(i)` as its only predecessor and is reached by an
//! unconditional jump; otherwise the side is *empty* (the edge `H → succ` itself). The last block of a side
//! ends either with an unconditional jump or with `@q bra X; bra Y`. Hammocks (one empty side), diamonds (two
//! chains joining at one block) and diamonds whose arms both branch conditionally to the same two blocks (the
//! compare-and-swap of bitonic sort) are all the same thing here: the side exits may name at most two blocks.
//!
//! # Transformation
//! The header's branch pair is removed and the chain blocks' instructions are appended to `H`, side `T` first,
//! each side under its *side predicate* (`p` for `T`, `!p` for `F`, or the reverse for `@!p bra T`):
//! - a pure instruction ([`crate::mir::Effects::is_pure`]) that cannot trap is **speculated**: it stays as it is
//!   (unguarded, or under its own guard) and runs for every thread of `H`. Its result is only read, on the
//!   threads of the other side, by other speculated instructions (also harmless) or by the `selp` that picks
//!   the other side's value there. Integer `div`/`rem` by a register are not speculated (division by zero
//!   traps in the emulator and is undefined in PTX);
//! - any other accepted instruction (loads, stores, integer division, clock reads, ...) is **guarded** by the
//!   side predicate, so it runs for exactly the threads that ran it before: a guarded load does not access
//!   memory on the threads whose guard is false, so loads need not be proven safe to speculate. An
//!   instruction that already has a guard `q` gets `side ∧ q` (`and.pred`, with `not.pred` for a negated
//!   operand);
//! - never converted (the whole candidate is rejected): `phi`s in the arm, convergent operations (`bar`,
//!   `barrier`, `shfl`, `vote`, `match`, `redux`, `activemask`, calls and their `.param` framing,
//!   convergence markers), memory barriers and fences, ordered (acquire/release) accesses, atomics and
//!   reductions, inline assembly, `trap`, `ret`/`exit`/`brx`, blocks with `.pragma` lines, and 64-bit integer
//!   `div`/`rem` by a register: ptxas has no 64-bit divide and calls a 56-88-instruction subroutine, which it
//!   branches around when predicated anyway, so predication saves no branch; kept as a branch, a warp none of
//!   whose threads takes the arm (the slow path of `bypass-slow-division`) skips it, which the emulator's
//!   SASS-weighted estimate then sees too (upsample's forward kernel: 27,984 -> 11,568, llc 11,088).
//!
//! A guarded instruction in SSA MIR defines its register only on the threads whose guard holds; the others
//! hold an unspecified value that no thread ever uses meaningfully: the uses are the arm's own instructions
//! (speculated: harmless; guarded: same side) and the values leaving the arm through the exits' phis.
//! Those phis get one entry from `H` instead of one per side: where both sides reach the block, the value is
//! `selp.T d, vT, vF, p` (or, when one of them is a register defined by `undef` — an `undef` phi operand —
//! simply the other one: no select, and no cost for it; `undef` itself is free to move into `H`; except that
//! a *risky* `undef`, in or after a loop or in a function over 255 estimated registers, merged with a value a
//! guarded arm instruction writes is selected against a zero: see `materialize_undef`)
//! (for `.pred` values, which `selp` does not take, the same select is built from
//! `xor/and/or/not.pred` with constants folded); where one side reaches it, its value. A phi whose block is
//! left with `H` as its only predecessor is replaced by that instruction itself (writing the phi's register,
//! so its uniformity is kept) or by a renaming. The new branch goes to the exits: `bra.uni X` when there is one,
//! else `@c bra X; bra.uni Y` with `c = side-predicate ? goesToX(T) : goesToX(F)` (`.uni` only when the header
//! and both arms' branches were uniform). Registers written by moved instructions lose their uniform mark.
//! When the header ends with a jump to a block that now has it as its only predecessor, that block is merged
//! into the header (after all conversions, along whole chains, so each block moves once).
//!
//! Blocks are visited in post-order, so inner regions collapse before the outer header looks at its sides,
//! and a header is retried until nothing applies (the converted compare-and-swap of bitonic sort becomes a
//! hammock around its store pair, which becomes a hammock of the outer test).
//!
//! # Cost model (in executed warp instructions)
//! `nT`, `nF`: instructions of the sides after conversion (guard fix-ups included); `cT`, `cF`: 1 if the side
//! ends with a conditional branch; `j`: 1 for a diamond (one arm jumps over the other); `s`: instructions of
//! the phi selects and the merged condition; `m`: 1 if the new terminator is conditional.
//! - **Divergent branch** (neither `bra.uni` nor a predicate the uniformity analysis proves uniform): a warp
//!   that diverges runs both sides one after the other plus the reconvergence (ptxas' `BSSY`/`BSYNC`, counted
//!   as [`RECONVERGE_COST`]): branched = `1 + nT + cT + nF + cF + j + 2`; predicated = `nT + nF + s + m`.
//!   Converted when predicated ≤ branched and `nT + nF ≤ PredicationMaxInsts` (default 8: the uniformity
//!   analysis is static, and a branch it calls divergent is often warp-coherent at run time — bitonic's
//!   `(tid ^ j) > tid` for `j ≥ 32` — where the branch runs one arm only; see doc/value-redundancy.md).
//! - **Uniform branch**: the warp runs one side, so the comparison is against the average of the two:
//!   branched = `1 + (nT + cT + nF + cF + j) / 2`, with the (smaller) limit `PredicationUniformMaxInsts`
//!   (default 4): a uniform `if (c) *p = v;` becomes `@c st`, a uniform diamond with selects stays a branch.
//! - **Likely warp-coherent branch**: divergent for the analysis, but a comparison that splits the threads of a
//!   block along warp boundaries on almost every execution, so a warp almost always runs one side only and a
//!   warp whose lanes are all off skips the arm. Costed as a uniform branch. The condition is an ordering
//!   comparison (`lt`/`le`/`gt`/`ge` and their unsigned forms) of a *thread-index-linear* value — `%tid.x/y/z`,
//!   through copies, conversions, negation, adds/subtracts of immediates or uniform registers (either way round),
//!   and `mad.lo u, v, t` with `u`, `v` uniform (the global index) — against either an
//!   immediate multiple of 32 or a uniform register that varies in a loop containing the comparison (the
//!   halving bound of a tree reduction, `if (tid < s)`, is a multiple of 32 while `s ≥ 32`). Predicating such a
//!   branch made every warp issue the loads and stores of every step of a shared-memory reduction, all lanes
//!   off: slower at `-O3` than at `-O0`. An equality test of a thread-index-linear value against an immediate
//!   or a uniform value (`tid == 0`, `tid != k`) is likely coherent as well: one thread, so one warp, takes the
//!   other side, and every other warp skips the arm under a branch instead of issuing it with no lane on.
//!   Ordering comparisons against loop-invariant values (bounds checks `i < n`) are not assumed coherent.
//! - **Loads under a divergent branch**: an arm with more than [`MAX_DIVERGENT_LOADS`] loads is not converted
//!   unless the branch is uniform or likely warp-coherent. ptxas does not keep a predicated run of loads under
//!   one predicate: it branches around it again, with a `BSSY`/`BSYNC` pair, so the conversion only adds the
//!   guards and the selects. A diamond with one load per arm still converts (`late-commoning` merges equal
//!   complementary loads). HeCBench's concurrentKernels `sum`, a 64-bit shared-memory tree reduction: 80 SASS
//!   instructions predicated, 66 branched (llc-19 67); quicksort's `lqsort_kernel`: 801 -> 767 instructions and
//!   88 -> 40 registers; Rodinia lavaMD 223 -> 208. Over 618 kernels (HeCBench, Rodinia) 18 got 1-34
//!   instructions shorter and 15 got 1-9 longer (CUB's scatter kernels, btree, moe-align).
//! - **Loads outside shared memory under a branch costed as uniform** (uniform, likely warp-coherent, or the
//!   early exit below): not converted. ptxas does not keep a predicated global, generic, local or constant load:
//!   it branches around it again (`@!p BRA` over the load, and a `BSSY`/`BSYNC` pair when the condition is
//!   divergent), so the conversion saves no branch and adds the guards: `if (tid == 0) *out = *in;` before a
//!   `ret` is 14 SASS instructions predicated and 11 branched (generic pointers: 17 and 10); a uniform
//!   condition gives the same count both ways but the branch skips the work. Shared-memory loads stay
//!   predicated (ptxas keeps them: 9 and 9).
//! - **Early exit around guarded work**: a divergent branch one of whose successors is a block holding only
//!   `ret`/`exit`, when the arms hold at least one guarded instruction (a load, a store, ...). Costed as a
//!   uniform branch: ptxas makes the branch an `@p EXIT`, so no warp reconverges, and the warps whose threads
//!   all leave skip the guarded work instead of issuing it with every lane off. Predicated, a run of guarded
//!   stores was also turned back into a branch by ptxas, with a `BSSY`/`BSYNC` pair (Rodinia bfs' `Kernel2`:
//!   34 SASS instructions predicated, 29 under the branch, as llc's). Arms of speculated instructions only keep
//!   the divergent costing: their conversion merges chains of conditions into one predicate.
//!
//! Knobs: `PredicationMaxInsts`, `PredicationUniformMaxInsts`, `DisablePredication` (seed 000 lists ptxas'
//! `DisablePredication` container knob; same effect as `--disable-pass ifconvert`).
//!
//! Cost: post-order once; each conversion moves at most `PredicationMaxInsts` instructions, rewrites the phis
//! of at most two exit blocks, and is rejected when an exit has more than [`PRED_CAP`] predecessors, so each
//! phi rewrite is bounded; every conversion deletes at least one block; the final merge moves each block once
//! and the final rename is one walk: linear in the function's size.

use crate::mir::{graph, MBlock, MFunction, MInst, Mod, OpKind, Opcode, Operand, Reg, RegClass};
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_graph::LoopForest;
use smallvec::SmallVec;

/// Size limit (instructions of both sides) under a divergent branch.
pub const MAX_KNOB: &str = "PredicationMaxInsts";
/// Size limit under a uniform branch.
pub const UNIFORM_MAX_KNOB: &str = "PredicationUniformMaxInsts";
/// Turns the pass off.
pub const DISABLE_KNOB: &str = "DisablePredication";
/// Reconvergence overhead of a divergent branch, in instructions (a `BSSY`/`BSYNC` pair).
pub const RECONVERGE_COST: usize = 2;
/// Most loads in one arm of a divergent branch that is converted (module doc, cost model).
pub const MAX_DIVERGENT_LOADS: usize = 1;
/// Exit blocks with more predecessors than this are not rewritten (bounds each phi rewrite).
pub const PRED_CAP: u32 = 16;

/// The size limits of the cost model.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Most instructions in both sides together under a divergent branch.
    pub divergent: usize,
    /// Most instructions in both sides together under a uniform branch.
    pub uniform: usize,
}

/// Per register: whether it is a predicate that is likely warp-coherent (module doc, cost model), computed
/// before any conversion (a predicate the pass builds is not).
fn likely_coherent(f: &MFunction) -> Vec<bool> {
    let n = f.regs.len();
    let g = graph::block_graph(f);
    let loops = LoopForest::compute(&g, &simtc_graph::DomTree::compute(&g));
    let mut def_block = vec![None; n];
    let mut tid_linear = vec![false; n];
    let mut out = vec![false; n];
    let is_tid_linear = |o: &Operand, tl: &[bool]| match o {
        Operand::Reg(r) => tl[r.0 as usize],
        Operand::Sym(s) => matches!(&**s, "%tid.x" | "%tid.y" | "%tid.z"),
        _ => false,
    };
    for &b in &f.order {
        for i in &f.block(b).insts {
            let [Operand::Reg(d)] = i.dsts.as_slice() else { continue };
            def_block[d.0 as usize] = Some(b);
            if i.guard.is_some() {
                continue;
            }
            let offset = |o: &Operand| matches!(o, Operand::Imm(_)) || o.reg().is_some_and(|r| f.is_uniform(r));
            let lin = match (i.kind(), i.srcs.as_slice()) {
                (OpKind::Mov | OpKind::Cvt, [a]) => is_tid_linear(a, &tid_linear),
                (OpKind::Add, [a, c]) | (OpKind::Add, [c, a]) if is_tid_linear(a, &tid_linear) => offset(c),
                (OpKind::Sub, [a, c]) if is_tid_linear(a, &tid_linear) => offset(c),
                // `c - t` and `-t`: a negated thread index is as injective as the index.
                (OpKind::Sub, [c, a]) if is_tid_linear(a, &tid_linear) => offset(c),
                (OpKind::Neg, [a]) => is_tid_linear(a, &tid_linear),
                // `u * v + t` with `u`, `v` uniform: the global index `blockIdx.x * blockDim.x + threadIdx.x`.
                (OpKind::Mad, [u, v, a]) if is_tid_linear(a, &tid_linear) => offset(u) && offset(v),
                _ => false,
            };
            tid_linear[d.0 as usize] = lin;
            if i.kind() != OpKind::Setp || i.srcs.len() != 2 {
                continue;
            }
            let ordering = matches!(
                i.op.cmp(),
                Some(Mod::Lt | Mod::Le | Mod::Gt | Mod::Ge | Mod::Lo | Mod::Ls | Mod::Hi | Mod::Hs)
            );
            // `tid == k` (`!=`): one thread, so one warp, sees the other side; every other warp is uniform.
            let equality = matches!(i.op.cmp(), Some(Mod::Eq | Mod::Ne));
            let invariant = |o: &Operand| matches!(o, Operand::Imm(_)) || o.reg().is_some_and(|r| f.is_uniform(r));
            let bound = |o: &Operand| match o {
                Operand::Imm(k) => k % 32 == 0,
                Operand::Reg(r) if f.is_uniform(*r) => def_block[r.0 as usize].is_some_and(|db: MBlock| {
                    let mut l = loops.forest.innermost_of(db.0);
                    while let Some(x) = l {
                        if loops.forest.contains(x, b.0) {
                            return true;
                        }
                        l = loops.forest.parent_of(x);
                    }
                    false
                }),
                _ => false,
            };
            let [a, c] = [&i.srcs[0], &i.srcs[1]];
            out[d.0 as usize] = (ordering
                && ((is_tid_linear(a, &tid_linear) && bound(c)) || (is_tid_linear(c, &tid_linear) && bound(a))))
                || (equality
                    && ((is_tid_linear(a, &tid_linear) && invariant(c))
                        || (is_tid_linear(c, &tid_linear) && invariant(a))));
        }
    }
    out
}

/// How a block ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Exit {
    /// `bra X`.
    Jump(MBlock),
    /// `@q bra X; bra Y` (guard, X, Y, `.uni` on the conditional branch).
    Cond((Reg, bool), MBlock, MBlock, bool),
}

impl Exit {
    fn targets(self) -> SmallVec<[MBlock; 2]> {
        match self {
            Exit::Jump(x) => SmallVec::from_slice(&[x]),
            Exit::Cond(_, x, y, _) => SmallVec::from_slice(&[x, y]),
        }
    }
    fn reaches(self, z: MBlock) -> bool {
        self.targets().contains(&z)
    }
    fn len(self) -> usize {
        match self {
            Exit::Jump(_) => 1,
            Exit::Cond(..) => 2,
        }
    }
}

fn label(i: &MInst) -> Option<MBlock> {
    match i.srcs.as_slice() {
        [Operand::Label(b)] if i.kind() == OpKind::Bra => Some(*b),
        _ => None,
    }
}

fn exit_of(insts: &[MInst]) -> Option<Exit> {
    let n = insts.len();
    let last = insts.last()?;
    if last.guard.is_some() {
        return None;
    }
    let y = label(last)?;
    if n >= 2 {
        let c = &insts[n - 2];
        if c.is_branch() {
            let x = label(c)?;
            let g = c.guard?;
            return Some(if x == y { Exit::Jump(y) } else { Exit::Cond(g, x, y, c.op.has(Mod::Uni)) });
        }
    }
    Some(Exit::Jump(y))
}

/// [`Pass::undef_free`] on operands whose aliases are resolved.
fn undef_free(undef: &[bool], risky: &[bool], u: &Operand, other: &Operand, guarded: &FxHashSet<Reg>) -> bool {
    let Operand::Reg(r) = u else { return false };
    let r = r.0 as usize;
    undef.get(r).copied().unwrap_or(false)
        && !(risky.get(r).copied().unwrap_or(false) && matches!(other, Operand::Reg(o) if guarded.contains(o)))
}

/// What happens to an arm instruction.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Class {
    Speculate,
    Guard,
}

fn classify(i: &MInst) -> Option<Class> {
    // `undef` prints nothing and defines an unspecified value: free to run on every thread.
    if i.is_undef() {
        return Some(Class::Speculate);
    }
    if i.is_phi() || i.is_pseudo() || i.is_call_frame() || matches!(i.kind(), OpKind::InlineAsm | OpKind::Trap) {
        return None;
    }
    let e = i.effects();
    if e.convergent || e.barrier || e.atomic || e.control {
        return None;
    }
    let int_div = matches!(i.kind(), OpKind::Div | OpKind::Rem)
        && !i.op.ty().is_some_and(|t| t.is_float())
        && !matches!(i.srcs.get(1), Some(Operand::Imm(v)) if *v != 0);
    if int_div && matches!(i.op.ty(), Some(Mod::S64 | Mod::U64)) {
        return None;
    }
    Some(if e.is_pure() && !int_div { Class::Speculate } else { Class::Guard })
}

/// One side of a header.
struct Side {
    /// Chain blocks (empty: the side is the edge itself).
    blocks: SmallVec<[MBlock; 4]>,
    /// The block whose branch leaves the side (the header for an empty side).
    last: MBlock,
    exit: Exit,
    /// Instructions after conversion (fix-ups included), terminators excluded.
    ninst: usize,
    /// Of them, the guarded ones (not speculated).
    nguard: usize,
    /// Of them, loads.
    nload: usize,
    /// Of the loads, those outside shared memory: ptxas branches around a predicated global or generic load
    /// again (module doc, cost model); the other spaces are counted with them, conservatively.
    nload_far: usize,
}

/// A predicate literal: a constant or a register, possibly negated.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Lit {
    Const(bool),
    Reg(Reg, bool),
}

fn not(l: Lit) -> Lit {
    match l {
        Lit::Const(c) => Lit::Const(!c),
        Lit::Reg(r, n) => Lit::Reg(r, !n),
    }
}

/// Builds predicate logic into `out`, creating registers in `f`.
struct PredBuilder<'a> {
    f: &'a mut MFunction,
    out: Vec<MInst>,
    negs: FxHashMap<Reg, Reg>,
}

impl PredBuilder<'_> {
    fn op2(&mut self, k: OpKind, a: Reg, b: Reg) -> Reg {
        let d = self.f.new_reg(RegClass::Pred);
        self.out.push(MInst::new(
            Opcode::new(k, &[Mod::Pred]),
            &[Operand::Reg(d)],
            &[Operand::Reg(a), Operand::Reg(b)],
        ));
        d
    }
    /// `l` as a guard `(register, negated)`. A constant (a side predicate and-ed with a guard that contradicts
    /// it, or exit conditions that combine to one) becomes a uniform predicate register in copyprop's constant
    /// form `setp.ne.s32 %p, c, 0`, so the instruction or branch keeps its shape and later folding sees through.
    fn guard_of(&mut self, l: Lit) -> (Reg, bool) {
        match l {
            Lit::Reg(r, n) => (r, n),
            Lit::Const(v) => {
                let p = self.f.new_reg(RegClass::Pred);
                self.f.uniform[p.0 as usize] = true;
                self.out.push(super::copyprop::pred_const(p, v));
                (p, false)
            }
        }
    }
    /// A register holding `l` positively (materializing a negation with `not.pred`, once per register).
    fn positive(&mut self, l: Lit) -> Lit {
        match l {
            Lit::Reg(r, true) => {
                if let Some(&n) = self.negs.get(&r) {
                    return Lit::Reg(n, false);
                }
                let d = self.f.new_reg(RegClass::Pred);
                self.out.push(MInst::new(
                    Opcode::new(OpKind::Not, &[Mod::Pred]),
                    &[Operand::Reg(d)],
                    &[Operand::Reg(r)],
                ));
                self.negs.insert(r, d);
                Lit::Reg(d, false)
            }
            l => l,
        }
    }
    fn and(&mut self, a: Lit, b: Lit) -> Lit {
        match (a, b) {
            (Lit::Const(false), _) | (_, Lit::Const(false)) => Lit::Const(false),
            (Lit::Const(true), x) | (x, Lit::Const(true)) => x,
            (x, y) if x == y => x,
            (x, y) if x == not(y) => Lit::Const(false),
            (Lit::Reg(x, true), Lit::Reg(y, true)) => Lit::Reg(self.op2(OpKind::Or, x, y), true),
            (x, y) => {
                let (Lit::Reg(x, _), Lit::Reg(y, _)) = (self.positive(x), self.positive(y)) else { unreachable!() };
                Lit::Reg(self.op2(OpKind::And, x, y), false)
            }
        }
    }
    fn or(&mut self, a: Lit, b: Lit) -> Lit {
        not(self.and(not(a), not(b)))
    }
    fn xor(&mut self, a: Lit, b: Lit) -> Lit {
        match (a, b) {
            (Lit::Const(c), x) | (x, Lit::Const(c)) => {
                if c {
                    not(x)
                } else {
                    x
                }
            }
            (Lit::Reg(x, nx), Lit::Reg(y, ny)) => {
                if x == y {
                    Lit::Const(nx != ny)
                } else {
                    Lit::Reg(self.op2(OpKind::Xor, x, y), nx != ny)
                }
            }
        }
    }
    /// `c ? a : b`.
    fn select(&mut self, c: Lit, a: Lit, b: Lit) -> Lit {
        match (a, b) {
            _ if a == b => a,
            (Lit::Const(true), _) => self.or(c, b),
            (Lit::Const(false), _) => self.and(not(c), b),
            (_, Lit::Const(true)) => self.or(not(c), a),
            (_, Lit::Const(false)) => self.and(c, a),
            _ => {
                let t = self.xor(a, b);
                let t = self.and(c, t);
                self.xor(b, t)
            }
        }
    }
}

/// Upper bound of the instructions [`PredBuilder::select`] emits.
fn select_cost(a: Lit, b: Lit) -> usize {
    match (a, b) {
        _ if a == b => 0,
        (Lit::Const(_), Lit::Const(_)) => 0,
        (Lit::Const(_), _) | (_, Lit::Const(_)) => 2,
        _ => 4,
    }
}

fn lit_of(o: &Operand) -> Option<Lit> {
    match o {
        Operand::Reg(r) => Some(Lit::Reg(*r, false)),
        Operand::Imm(v) => Some(Lit::Const(v & 1 != 0)),
        _ => None,
    }
}

fn selp_mod(c: RegClass) -> Option<Mod> {
    match c {
        RegClass::B16 => Some(Mod::B16),
        RegClass::B32 => Some(Mod::B32),
        RegClass::B64 => Some(Mod::B64),
        RegClass::F32 => Some(Mod::F32),
        RegClass::F64 => Some(Mod::F64),
        RegClass::Pred | RegClass::B128 => None,
    }
}

struct Pass<'a> {
    f: &'a mut MFunction,
    limits: Limits,
    npreds: Vec<u32>,
    dead: Vec<bool>,
    /// A branch before the block's final terminator pair (switch compare chains).
    extra_branch: Vec<bool>,
    alias: FxHashMap<Reg, Reg>,
    entry: MBlock,
    /// Per register: a likely warp-coherent predicate ([`likely_coherent`]).
    coherent: Vec<bool>,
    /// Per register: defined by `undef` (a phi operand from LLVM's `undef`/`poison`).
    undef: Vec<bool>,
    /// Per register: an `undef` that must not leave a register undefined on a path
    /// ([`super::materialize_undef::risky_undefs`]).
    risky: Vec<bool>,
}

impl Pass<'_> {
    fn resolve(&self, mut r: Reg) -> Reg {
        while let Some(&n) = self.alias.get(&r) {
            r = n;
        }
        r
    }
    /// Whether the merge of `u` and `other` is simply `other`: `u` is a register defined by `undef`, and either
    /// `other` is defined on every path after the conversion (it is not written by a guarded arm instruction,
    /// `guarded`) or `u` is not risky (see [`super::materialize_undef`]: ptxas would keep a register undefined
    /// on a path live back through a loop).
    fn undef_free(&self, u: &Operand, other: &Operand, guarded: &FxHashSet<Reg>) -> bool {
        undef_free(&self.undef, &self.risky, &self.resolve_op(u), &self.resolve_op(other), guarded)
    }

    /// Registers written by arm instructions that run guarded after the conversion (their own guard or the
    /// side's): defined only on some threads' paths.
    fn guarded_defs(&self, sides: [&Side; 2]) -> FxHashSet<Reg> {
        let mut out = FxHashSet::default();
        for s in sides {
            for &b in &s.blocks {
                for i in &self.f.block(b).insts {
                    if i.guard.is_some() || classify(i) == Some(Class::Guard) {
                        out.extend(i.defs());
                    }
                }
            }
        }
        out
    }

    fn resolve_op(&self, o: &Operand) -> Operand {
        match o {
            Operand::Reg(r) => Operand::Reg(self.resolve(*r)),
            o => o.clone(),
        }
    }

    /// Whether `b` holds nothing but an unguarded `ret` or `exit` (no phis, no pragmas): a branch to it is an
    /// early exit, which ptxas emits as `@p EXIT`.
    fn returns_only(&self, b: MBlock) -> bool {
        let data = self.f.block(b);
        data.pragmas.is_empty()
            && matches!(data.insts.as_slice(), [i] if i.guard.is_none() && matches!(i.kind(), OpKind::Ret | OpKind::Exit))
    }

    /// The side that starts at `s` (a successor of `h`), within `budget` instructions.
    fn side(&self, h: MBlock, s: MBlock, budget: usize) -> Option<Side> {
        let chain_block =
            |b: MBlock| b != self.entry && b != h && !self.dead[b.0 as usize] && self.npreds[b.0 as usize] == 1;
        if !chain_block(s) {
            return Some(Side {
                blocks: SmallVec::new(),
                last: h,
                exit: Exit::Jump(s),
                ninst: 0,
                nguard: 0,
                nload: 0,
                nload_far: 0,
            });
        }
        let mut blocks = SmallVec::new();
        let mut ninst = 0;
        let mut nguard = 0;
        let mut nload = 0;
        let mut nload_far = 0;
        let mut cur = s;
        loop {
            let data = self.f.block(cur);
            if !data.pragmas.is_empty() {
                return None;
            }
            let exit = exit_of(&data.insts)?;
            let body = &data.insts[..data.insts.len() - exit.len()];
            for i in body {
                let c = classify(i)?;
                if i.is_undef() {
                    continue;
                }
                ninst += 1;
                nguard += usize::from(c == Class::Guard);
                nload += usize::from(i.kind() == OpKind::Ld);
                nload_far +=
                    usize::from(i.kind() == OpKind::Ld && !matches!(i.op.space(), Some(Mod::Shared | Mod::SharedCta)));
                if c == Class::Guard && i.guard.is_some() {
                    ninst += 1;
                }
                if ninst > budget {
                    return None;
                }
            }
            blocks.push(cur);
            if blocks.len() > budget + 2 {
                return None;
            }
            match exit {
                Exit::Jump(x) if chain_block(x) && !blocks.contains(&x) => cur = x,
                _ => return Some(Side { blocks, last: cur, exit, ninst, nguard, nload, nload_far }),
            }
        }
    }

    /// Tries to convert the branch that ends `h`.
    fn convert(&mut self, h: MBlock) -> bool {
        if self.dead[h.0 as usize] || self.extra_branch[h.0 as usize] {
            return false;
        }
        let Some(Exit::Cond((p, pn), t, e, uni_h)) = exit_of(&self.f.block(h).insts) else { return false };
        let uniform = uni_h || self.f.is_uniform(p);
        // A likely warp-coherent condition (module doc) is costed as a uniform one; it stays a divergent branch.
        let coherent = uniform || self.coherent.get(p.0 as usize).copied().unwrap_or(false);
        let limit = if coherent { self.limits.uniform } else { self.limits.divergent };
        let Some(st) = self.side(h, t, limit) else { return false };
        let Some(sf) = self.side(h, e, limit - st.ninst) else { return false };
        if st.blocks.is_empty() && sf.blocks.is_empty() {
            return false;
        }
        // An early exit (one side is the edge to a block that only returns) around memory accesses or other
        // guarded work is costed as a uniform branch too: under a branch, the warps whose threads all leave skip
        // that work and no warp reconverges (`@p EXIT`).
        let early_exit = st.nguard + sf.nguard > 0 && [t, e].iter().any(|&b| self.returns_only(b));
        let cheap = coherent || early_exit;
        // Loads under a divergent branch: ptxas turns a predicated run of them back into a branch with its own
        // reconvergence (module doc, cost model).
        if !coherent && st.nload.max(sf.nload) > MAX_DIVERGENT_LOADS {
            return false;
        }
        if cheap && st.ninst + sf.ninst > self.limits.uniform {
            return false;
        }
        // Under a branch costed as uniform the conversion only pays by saving the branch, and ptxas puts a
        // predicated load outside shared memory back under a branch of its own (a `BSSY`/`BSYNC` pair too when
        // the condition is divergent): `if (tid == 0) *out = *in;` before a `ret` is 14 SASS instructions
        // predicated, 11 branched (module doc, cost model).
        if cheap && st.nload_far + sf.nload_far > 0 {
            return false;
        }
        // Exits: at most two blocks, none of them the header or the entry, none with too many predecessors.
        let mut targets: SmallVec<[MBlock; 2]> = SmallVec::new();
        for z in st.exit.targets().into_iter().chain(sf.exit.targets()) {
            if !targets.contains(&z) {
                targets.push(z);
            }
        }
        if targets.len() > 2
            || targets.iter().any(|&z| z == h || z == self.entry || self.npreds[z.0 as usize] > PRED_CAP)
        {
            return false;
        }
        let x = targets[0];
        let side_lit = [Lit::Reg(p, pn), Lit::Reg(p, !pn)];
        let goes_x = |s: &Side| match s.exit {
            Exit::Jump(z) => Lit::Const(z == x),
            Exit::Cond((q, qn), a, _, _) => Lit::Reg(q, if a == x { qn } else { !qn }),
        };
        // Phi selects: which phis need one, and whether each can be built.
        let mut nsel = 0;
        let mut guarded: Option<FxHashSet<Reg>> = None;
        for &z in &targets {
            let both = st.exit.reaches(z) && sf.exit.reaches(z);
            for i in self.f.block(z).insts.iter().take_while(|i| i.is_phi()) {
                let d = i.dsts[0].reg().expect("phi register");
                let c = self.f.class(d);
                if c == RegClass::B128 {
                    return false;
                }
                if !both {
                    continue;
                }
                let v = |s: &Side| {
                    let k = i.phi_blocks.iter().position(|&b| b == s.last).expect("phi entry for a predecessor");
                    self.resolve_op(&i.srcs[k])
                };
                let (vt, vf) = (v(&st), v(&sf));
                let guarded = guarded.get_or_insert_with(|| self.guarded_defs([&st, &sf]));
                if vt != vf && !self.undef_free(&vt, &vf, guarded) && !self.undef_free(&vf, &vt, guarded) {
                    nsel += match (c, lit_of(&vt), lit_of(&vf)) {
                        (RegClass::Pred, Some(a), Some(b)) => select_cost(a, b).max(1),
                        (RegClass::Pred, _, _) => return false,
                        _ => 1,
                    };
                }
            }
        }
        let merged_cond = targets.len() == 2;
        if merged_cond {
            nsel += select_cost(goes_x(&st), goes_x(&sf));
        }
        let (nt, nf) = (st.ninst, sf.ninst);
        let (ct, cf) = (usize::from(matches!(st.exit, Exit::Cond(..))), usize::from(matches!(sf.exit, Exit::Cond(..))));
        let j = usize::from(!st.blocks.is_empty() && !sf.blocks.is_empty());
        let predicated = nt + nf + nsel + usize::from(merged_cond);
        let profitable = if cheap {
            2 * predicated <= 2 + nt + ct + nf + cf + j
        } else {
            predicated <= 1 + nt + ct + nf + cf + j + RECONVERGE_COST
        };
        if !profitable {
            return false;
        }
        self.rewrite(h, [st, sf], side_lit, targets, uniform);
        true
    }

    fn rewrite(&mut self, h: MBlock, sides: [Side; 2], side_lit: [Lit; 2], targets: SmallVec<[MBlock; 2]>, uni: bool) {
        let x = targets[0];
        let guarded = self.guarded_defs([&sides[0], &sides[1]]);
        // Operands after `val` (aliases resolved). Merges with an `undef` operand that is not simply the other
        // value select against a zero.
        let (undef, risky) = (&self.undef, &self.risky);
        let free = |u: &Operand, other: &Operand| undef_free(undef, risky, u, other, &guarded);
        let zero_undef = |o: Operand, other: &Operand, f: &MFunction| -> Operand {
            let is_undef = matches!(&o, Operand::Reg(r) if undef.get(r.0 as usize).copied().unwrap_or(false));
            if !is_undef || free(&o, other) {
                return o;
            }
            f.class(o.reg().expect("undef register")).zero()
        };
        let mut body = std::mem::take(&mut self.f.block_mut(h).insts);
        body.truncate(body.len() - 2);
        let mut pb = PredBuilder { f: &mut *self.f, out: Vec::new(), negs: FxHashMap::default() };
        // 1. The sides' instructions.
        for (s, &sl) in sides.iter().zip(&side_lit) {
            for &b in &s.blocks {
                let mut insts = std::mem::take(&mut pb.f.block_mut(b).insts);
                let ex = exit_of(&insts).expect("checked").len();
                insts.truncate(insts.len() - ex);
                for mut i in insts {
                    if classify(&i) == Some(Class::Guard) {
                        let g = match i.guard {
                            None => sl,
                            Some((q, qn)) => pb.and(sl, Lit::Reg(q, qn)),
                        };
                        i.guard = Some(pb.guard_of(g));
                    }
                    for d in i.defs() {
                        pb.f.uniform[d.0 as usize] = false;
                    }
                    body.append(&mut pb.out);
                    body.push(i);
                }
            }
        }
        body.append(&mut pb.out);
        // 2. Phis of the exits.
        let dead_pred = |s: &Side| !s.blocks.is_empty();
        let h_was_pred = |z: MBlock| sides.iter().any(|s| s.blocks.is_empty() && s.exit == Exit::Jump(z));
        for &z in &targets {
            let lost = sides.iter().filter(|s| dead_pred(s) && s.exit.reaches(z)).count() as u32;
            let after = self.npreds[z.0 as usize] - lost + u32::from(!h_was_pred(z));
            self.npreds[z.0 as usize] = after;
            let reach = [sides[0].exit.reaches(z), sides[1].exit.reaches(z)];
            let zinsts = std::mem::take(&mut pb.f.block_mut(z).insts);
            let mut kept = Vec::with_capacity(zinsts.len());
            for mut i in zinsts {
                if !i.is_phi() {
                    kept.push(i);
                    continue;
                }
                let d = i.dsts[0].reg().expect("phi register");
                let class = pb.f.class(d);
                let val = |s: &Side, i: &MInst| {
                    let k = i.phi_blocks.iter().position(|&b| b == s.last).expect("phi entry");
                    let mut o = i.srcs[k].clone();
                    if let Operand::Reg(r) = &mut o {
                        while let Some(&n) = self.alias.get(r) {
                            *r = n;
                        }
                    }
                    o
                };
                let only_h = after == 1;
                // The merged value, written to `d` when the phi goes away.
                let merged: Operand = match (reach[0], reach[1]) {
                    (true, true) => {
                        let (vt, vf) = (val(&sides[0], &i), val(&sides[1], &i));
                        if vt == vf || free(&vf, &vt) {
                            vt
                        } else if free(&vt, &vf) {
                            vf
                        } else if class == RegClass::Pred {
                            let (a, b) = (lit_of(&vt).expect("checked"), lit_of(&vf).expect("checked"));
                            let l = pb.select(side_lit[0], a, b);
                            body.append(&mut pb.out);
                            match l {
                                Lit::Const(c) => Operand::Imm(i64::from(c)),
                                Lit::Reg(r, false) => Operand::Reg(r),
                                Lit::Reg(r, true) => {
                                    let dst = if only_h { d } else { pb.f.new_reg(RegClass::Pred) };
                                    body.push(MInst::new(
                                        Opcode::new(OpKind::Not, &[Mod::Pred]),
                                        &[Operand::Reg(dst)],
                                        &[Operand::Reg(r)],
                                    ));
                                    if only_h {
                                        continue;
                                    }
                                    Operand::Reg(dst)
                                }
                            }
                        } else {
                            let Lit::Reg(c, cn) = side_lit[0] else { unreachable!() };
                            let (vt, vf) = (zero_undef(vt.clone(), &vf, pb.f), zero_undef(vf.clone(), &vt, pb.f));
                            let (a, b) = if cn { (vf, vt) } else { (vt, vf) };
                            let dst = if only_h { d } else { pb.f.new_reg(class) };
                            let m = selp_mod(class).expect("checked");
                            body.push(MInst::new(
                                Opcode::new(OpKind::Selp, &[m]),
                                &[Operand::Reg(dst)],
                                &[a, b, Operand::Reg(c)],
                            ));
                            if only_h {
                                continue;
                            }
                            Operand::Reg(dst)
                        }
                    }
                    (true, false) => val(&sides[0], &i),
                    (false, true) => val(&sides[1], &i),
                    (false, false) => {
                        kept.push(i);
                        continue;
                    }
                };
                if only_h {
                    match merged {
                        Operand::Reg(r) => {
                            self.alias.insert(d, r);
                        }
                        o => body.push(MInst::copy(class, d, o)),
                    }
                    continue;
                }
                // Drop the entries of the removed predecessors (and the header's own), add the header's.
                let mut srcs = SmallVec::new();
                let mut blocks = SmallVec::new();
                for (s, b) in i.srcs.iter().zip(&i.phi_blocks) {
                    let gone = *b == h || sides.iter().any(|x| dead_pred(x) && x.last == *b && x.exit.reaches(z));
                    if !gone {
                        srcs.push(s.clone());
                        blocks.push(*b);
                    }
                }
                srcs.push(merged);
                blocks.push(h);
                i.srcs = srcs;
                i.phi_blocks = blocks;
                kept.push(i);
            }
            pb.f.block_mut(z).insts = kept;
        }
        // 3. The new terminator.
        let goes_x = |s: &Side| match s.exit {
            Exit::Jump(z) => Lit::Const(z == x),
            Exit::Cond((q, qn), a, _, _) => Lit::Reg(q, if a == x { qn } else { !qn }),
        };
        if targets.len() == 2 {
            let c = pb.select(side_lit[0], goes_x(&sides[0]), goes_x(&sides[1]));
            let (r, n) = pb.guard_of(c);
            body.append(&mut pb.out);
            let all_uni = uni && sides.iter().all(|s| !matches!(s.exit, Exit::Cond(_, _, _, false)));
            let mods: &[Mod] = if all_uni { &[Mod::Uni] } else { &[] };
            let mut br = MInst::new(Opcode::new(OpKind::Bra, mods), &[], &[Operand::Label(x)]);
            br.guard = Some((r, n));
            body.push(br);
            body.push(MInst::jump(targets[1]));
        } else {
            body.push(MInst::jump(x));
        }
        self.f.block_mut(h).insts = body;
        for s in &sides {
            for &b in &s.blocks {
                self.dead[b.0 as usize] = true;
            }
        }
    }

    /// The block `p`'s final jump leads to, when it can be merged into `p`.
    fn mergeable(&self, p: MBlock) -> Option<MBlock> {
        if self.extra_branch[p.0 as usize] {
            return None;
        }
        let Exit::Jump(s) = exit_of(&self.f.block(p).insts)? else { return None };
        let sd = self.f.block(s);
        let ok = s != p
            && s != self.entry
            && !self.dead[s.0 as usize]
            && self.npreds[s.0 as usize] == 1
            && sd.pragmas.is_empty()
            && !sd.insts.first().is_some_and(|i| i.is_phi())
            && self.f.succs(s).iter().all(|z| self.npreds[z.0 as usize] <= PRED_CAP);
        ok.then_some(s)
    }
}

/// Runs the pass; returns the number of branches converted.
pub fn run(f: &mut MFunction, limits: Limits) -> usize {
    let Some(&entry) = f.order.first() else { return 0 };
    let n = f.blocks.len();
    let mut npreds = vec![0u32; n];
    for (b, l) in f.preds().iter().enumerate() {
        npreds[b] = l.len() as u32;
    }
    let mut extra_branch = vec![false; n];
    for &b in &f.order {
        let insts = &f.block(b).insts;
        let k = exit_of(insts).map_or(0, Exit::len);
        extra_branch[b.0 as usize] = insts[..insts.len() - k].iter().any(|i| i.is_branch());
    }
    // Post-order of the blocks reachable from the entry.
    let succs = f.successor_lists();
    let mut post = Vec::with_capacity(f.order.len());
    let mut seen = vec![false; n];
    let mut stack: Vec<(MBlock, usize)> = vec![(entry, 0)];
    seen[entry.0 as usize] = true;
    while let Some((b, k)) = stack.pop() {
        if let Some(&s) = succs[b.0 as usize].get(k) {
            stack.push((b, k + 1));
            if !std::mem::replace(&mut seen[s.0 as usize], true) {
                stack.push((s, 0));
            }
        } else {
            post.push(b);
        }
    }
    let coherent = likely_coherent(f);
    let undef = f.undef_regs();
    let risky = super::materialize_undef::risky_undefs(f);
    let mut pass = Pass {
        f,
        limits,
        npreds,
        dead: vec![false; n],
        extra_branch,
        alias: FxHashMap::default(),
        entry,
        coherent,
        undef,
        risky,
    };
    let mut converted = Vec::new();
    let mut count = 0;
    for &h in &post {
        let mut any = false;
        while pass.convert(h) {
            count += 1;
            any = true;
        }
        if any {
            converted.push(h);
        }
    }
    if count == 0 {
        return 0;
    }
    pass.f.if_converted = true;
    // Merge the blocks that now follow a converted header alone, along whole chains.
    let mut is_conv = vec![false; n];
    converted.iter().for_each(|b| is_conv[b.0 as usize] = true);
    let mut is_target = vec![false; n];
    for &p in &converted {
        if let Some(s) = pass.mergeable(p) {
            is_target[s.0 as usize] = true;
        }
    }
    for &p in &converted {
        if is_target[p.0 as usize] || pass.dead[p.0 as usize] {
            continue;
        }
        let mut owner = p;
        while is_conv[owner.0 as usize] {
            let Some(s) = pass.mergeable(p) else { break };
            for z in pass.f.succs(s) {
                for i in pass.f.block_mut(z).insts.iter_mut().take_while(|i| i.is_phi()) {
                    i.phi_blocks.iter_mut().filter(|b| **b == s).for_each(|b| *b = p);
                }
            }
            let mut tail = std::mem::take(&mut pass.f.block_mut(s).insts);
            let body = &mut pass.f.block_mut(p).insts;
            body.pop();
            body.append(&mut tail);
            pass.dead[s.0 as usize] = true;
            pass.extra_branch[p.0 as usize] = pass.extra_branch[s.0 as usize];
            owner = s;
        }
    }
    let Pass { f, dead, alias, .. } = pass;
    f.order.retain(|b| !dead[b.0 as usize]);
    if !alias.is_empty() {
        let resolve = |mut r: Reg| {
            while let Some(&n) = alias.get(&r) {
                r = n;
            }
            r
        };
        for &b in &f.order {
            for i in f.blocks[b.0 as usize].insts.iter_mut() {
                i.srcs.iter_mut().for_each(|s| s.map_regs(&mut |r| resolve(r)));
                if let Some((g, _)) = &mut i.guard {
                    *g = resolve(*g);
                }
            }
        }
    }
    count
}
