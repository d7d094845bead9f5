//! `lsr`: loop strength reduction of address expressions, on the IR just before instruction selection.
//!
//! Seed: issue 16 item 7 (seed 002's value-redundancy family; LLVM's `LoopStrengthReduce`, which `llc` runs on
//! the IR before isel, is the model). Without it, every iteration of a loop recomputes each address
//! `base + size × sext(i)` with a `cvt`/`mul.wide`/`shl` and an `add`; with it, each group of addresses that
//! differ only by a constant becomes one pointer induction variable stepping by the byte stride, and every
//! address of the group is that pointer plus a constant, which instruction selection folds into `[reg+imm]`.
//!
//! # What it does, per loop (innermost loops first)
//!
//! 1. **Induction variables.** A header phi `i = phi [start, preheader], [i op s, latch]` with `op` one of
//!    `add`, `sub`, `or disjoint` and `s` loop-invariant. The loop must have one latch and one predecessor
//!    outside the loop (where new start values are computed); otherwise it is left alone.
//! 2. **Affine values** ([`Aff`]): integers of the loop that equal `start + k × step` on iteration `k`, with
//!    `start` and `step` loop-invariant polynomials ([`poly::Poly`]): the IVs, `add`/`sub`/`or disjoint` of
//!    affine values, `mul` by an invariant, `shl` by a constant, and widenings. A widening `sext` (or
//!    `zext nneg`, or a GEP's implicit `sext` of a narrow index) is affine only when the narrow recurrence
//!    provably does not wrap: every operation on its way (the IV increment included) carries `nsw`; `zext`
//!    needs `nuw` and non-negative coefficients. Argument: if the narrow value wrapped on some iteration, the
//!    flagged operation produced poison there, every later value derived from it is poison, and replacing
//!    poison by the non-wrapping value is a refinement; before the first wrap, the narrow and the wide
//!    sequences agree. Without the flags nothing is widened (`sext` of a plain `add` stays as it is).
//!    `lshr` by a constant `k` is affine when its operand never wraps unsigned (`nuw` all the way) and steps by
//!    a constant multiple of 2^k: `floor((s + j·m·2^k) / 2^k) = floor(s / 2^k) + j·m`. Its start is the
//!    constant `s >> k` or the leaf `s >> k` (a [`poly::Leaf`] with a shift, emitted in the preheader); the
//!    results stay in `[0, 2^(bits−k))` without wrapping, so both widenings of them are exact.
//! 3. **Addresses** ([`PAff`]): a `getelementptr` of a loop-invariant base whose byte offset is affine. The
//!    GEPs whose value is used other than as the base of another affine GEP of the loop are the *roots*.
//! 4. **Groups**: roots with the same base, the same step and starts that differ by a constant share one new
//!    pointer IV `p = phi [base + start, preheader], [p + step, latch]`; each root becomes `gep i8, p, c`
//!    (or `p` itself). A group pays when it has several roots, or a root whose address costs more than the
//!    one `mad.wide` of `base + size × IV` (an IV plus a constant, a multiple of an invariant, a 2-D index), or
//!    a uniform root (base, start and step uniform): ptxas keeps a uniform pointer IV in its uniform registers,
//!    while `mad.wide IV, size, base` needs the IV and both halves of the base in vector registers, so even one
//!    such root saves vector registers for the same one instruction per iteration. A divergent group pays only
//!    when some root's block runs on every iteration (dominates the latch): the IV's 64-bit add runs and its
//!    register pair is carried through every iteration, while an address under a condition is recomputed only
//!    when its block runs (an add and a `mad.wide`, its constant offsets folded into `[reg+imm]`); on the four
//!    HeCBench/Rodinia samples (962 kernels) it lowered registers on 37 kernels and raised them on 5, shortened
//!    SASS on 65 and lengthened it on 18 (fdtd3d's stencil loop, its halo loads conditional: 180 -> 158 SASS,
//!    40 -> 32 registers). Only those get an IV. They are ranked by their number of roots and at most
//!    `lsr-max-ivs` of them get an IV per loop (register pressure).
//!    **Shared offsets**: groups whose bases differ but are uniform, with the same divergent start and step (the
//!    arrays a grid-stride loop walks with one index), get one 64-bit *offset* IV
//!    `off = phi [start, preheader], [off + step, latch]` between them instead of a pointer IV each, and each
//!    root becomes `gep i8, base, off` (plus its constant). Per iteration that is one 64-bit add more than a
//!    pointer IV per group (the address add), but the bases stay in uniform registers and only one divergent
//!    64-bit value is carried: an inner loop of a nest no longer needs a copy of each pointer IV per outer
//!    iteration, and ptxas's own address arithmetic on the offset is what llc's LSR gives it too.
//! 5. The replaced computations, now dead, are deleted; an IV left with no use but its own increment goes too.
//! 6. **Post-increment exit test** (LLVM LSR's preference for post-increment uses): a latch exit test
//!    `icmp eq/ne i, K` on an IV `i` whose increment `i.next = i + c` (constant `c`) comes before it in the latch
//!    becomes `icmp eq/ne i.next, K + c` (`K` loop-invariant; `K + c` folded when `K` is a constant, else one
//!    `add` in the preheader). Equality is preserved because adding `c` modulo 2^n is a bijection. It is done
//!    only when no other use of `i` follows the increment (in the latch or outside the loop): then `i` dies at
//!    its increment, `i` and `i.next` no longer overlap, and SSA destruction needs no copy of `i` per iteration.
//!    The increment's `nsw`/`nuw` flags are dropped: on the exiting iteration `i.next` may wrap, and the branch
//!    now reads it (with the flags it would be poison there).
//! 7. **Integer IVs** ([`narrow`]): an affine integer chain that is not an address (or whose widening is not
//!    provable) and costs at least two instructions per iteration becomes an IV of its own width, within the
//!    budget the pointer IVs left (`lsr-max-ivs`); see that module for the rules.
//!
//! 8. **Count-down counters** ([`count_down`]): a counter read only by its increment and the latch test
//!    `j == K` (`K` invariant, not a constant, with no reader in or after the loop) starts at `K - start`, steps
//!    by the negated constant and is tested against 0: `K` dies at the loop's entry (knob `lsr-count-down`).
//!
//! 9. **Uniform trip counts** ([`uniform_trips`]): a latch test `j == S + U` with `S` (the start) divergent and
//!    `U` uniform gets a uniform counter from `U` down to zero, so the loop's branch is uniform (no
//!    reconvergence region in ptxas). It runs after the exit-value rewrite below and not on a loop that rewrite
//!    changed: such a loop only counts and is dead (a counter merged into a divergent accumulator, item 7,
//!    `x += 8` until `x == x0 + K`, is what ptxas then deletes; a new counter would keep the loop: HeCBench
//!    overlap's `incKernel` 28 -> 36 SASS when it did). Item 8 runs last.
//!
//! # Uniformity
//!
//! A root that is uniform (the uniformity analysis, computed before the pass) is rewritten only when the base
//! and every leaf of its start and step are uniform: the new IV is then uniform like the original IV, so a
//! uniform address never becomes a divergent register. Values the pass creates get the uniformity of their
//! leaves, for the outer loops processed later.
//!
//! # Register cap
//!
//! A kernel whose launch bounds cap its registers (`maxnreg`, or `maxntid` with `minctasm`: see [`pressure`])
//! gets no new IVs (pointer, offset or integer) in a loop whose carried values (live at the top of its header)
//! plus two registers (one 64-bit IV) and a minimal working set for the body exceed the cap: each IV is carried
//! through the whole loop, and past the cap ptxas spills. The exit-test rewrites (6, and merging a counter into
//! another IV) add nothing carried and still run. Without a cap nothing changes (`lsr-max-ivs` bounds the IVs).
//! With `lsr-report` the loop's remark gives the estimate and the cap.
//!
//! # Short loops
//!
//! A loop whose latch exit test bounds it to at most `lsr-min-trips` (default 4) iterations per entry — the
//! remainder loop after a loop clang unrolled, `j != (n & 3)` — gets no new IVs: their preheader set-up runs on
//! every entry and the few iterations do not pay it back (see [`trips`]). The exit-test rewrites still run.
//!
//! # Loop nests
//!
//! A loop inside another loop, or holding one, gets no new IVs (pointer, offset or integer) unless the knob
//! `lsr-nests` is on; its exit-test rewrites still run. An inner loop's pointer IVs are set up again from the
//! outer loop's values on every outer iteration, and an outer loop's IVs are carried, as 64-bit register pairs,
//! through the inner loop, where the register pressure peaks; ptxas then copies the pairs to keep them aligned
//! for 64-bit addresses (`MOV`s before the loads) and its own strength reduction of `IMAD.WIDE` addresses in
//! the nest does as well without them. Measured (sm_90, ptxas 13.5, against llc-19) on four samples of real
//! kernels the rule was not derived from — HeCBench validation samples of 444, 344 and 502 kernels and
//! Rodinia's 35 — SASS at or below llc's went 374 → 385, 291 → 301, 398 → 416 and 30 → 30 kernels, the
//! geomean ratio 0.908 → 0.903, 0.910 → 0.904, 0.916 → 0.902 and 0.806 → 0.804, registers at or below llc's
//! 355 → 358, 276 → 279, 410 → 411 and 28 → 29, occupancy at or above llc's 435 → 436, 332 → 333, 491 → 496
//! and 34 → 35 (lud's `lud_perimeter` 40 → 32 registers, llc's count). On the tuning sample (139 kernels),
//! whose nests the IVs were first measured on, SASS at or below llc's went 124 → 123, geomean 0.884 → 0.882,
//! registers 111 → 110 (resnet's `kernel_*_one_*` nests, whose IV groups each stand for 4-8 addresses, lose
//! 5-9 instructions; selective_scan_base goes from 32 to 34 registers). Keeping IVs in nests for groups of at
//! least 4 or 8 addresses, or for uniform groups only, did worse on the validation samples than none.
//!
//! # Exit values
//!
//! After the exit-test rewrites, a loop that only counts (no effects, nothing but the tested value read after
//! it) and leaves only through its latch test `x == K` has the readers of `x` after it read `K`: the loop is
//! then dead, and ptxas deletes it ([`exit_value`]).
//!
//! # Invariants
//!
//! The CFG is unchanged (new code goes into the existing preheader, header and latch): preserves the CFG, so it
//! can run after `structurizecfg` and keeps the structured shape; it runs before `cssa`, which then treats the
//! new phis like any other. The IR verifier holds after it. Cost: each loop scans its blocks (nested loops
//! included) once, with memoized affine analysis bounded in depth and polynomial size: O(size × loop depth).

mod count_down;
mod exit_value;
mod narrow;
mod poly;
mod pressure;
mod trips;
mod uniform_trips;

use crate::knobs::Knobs;
use crate::passes::util::Preds;
use crate::registry::{FunctionPass, FunctionPassAdapter, PassInfo, Preserves};
use poly::{Ext, Leaf, Poly};
use rustc_hash::FxHashMap;
use simtc_analysis::cache::FunctionAnalyses;
use simtc_analysis::dominators::DominatorTree;
use simtc_analysis::loops::{LoopId, LoopInfo};
use simtc_ir::builder::{Builder, InsertPoint};
use simtc_ir::*;

/// Registry entry.
pub const INFO: PassInfo = PassInfo {
    name: "lsr",
    description: "loop strength reduction: affine addresses in a loop's IV become pointer IVs (issue 16)",
    preserves: Preserves::Cfg,
    create: || Box::new(FunctionPassAdapter(Lsr)),
    function: Some(|| Box::new(Lsr)),
};

/// The pass.
pub struct Lsr;

/// How deep the affine analysis follows operands (longer chains are left alone).
const MAX_DEPTH: u32 = 32;

/// An integer that is `start + k × step` on iteration `k` of the loop, in `bits` bits; `nsw`/`nuw`: widening
/// it with `sext`/`zext` gives `sext(start) + k × sext(step)` (resp. `zext`), because no step wraps.
#[derive(Clone, Debug)]
struct Aff {
    start: Poly,
    step: Poly,
    bits: u32,
    nsw: bool,
    nuw: bool,
}

impl Aff {
    fn invariant(p: Poly, bits: u32) -> Aff {
        Aff { start: p, step: Poly::zero(), bits, nsw: true, nuw: true }
    }
    fn widen(&self, ext: Ext, bits: u32) -> Option<Aff> {
        let ok = match ext {
            Ext::Sext => self.nsw,
            Ext::Zext => self.nuw,
            Ext::None => false,
        };
        if !ok {
            return None;
        }
        Some(Aff { start: self.start.widen(ext)?, step: self.step.widen(ext)?, bits, nsw: true, nuw: ext == Ext::Zext })
    }
}

/// A pointer `base + off` with `base` loop-invariant and `off` an affine 64-bit byte offset.
#[derive(Clone, Debug)]
struct PAff {
    base: Value,
    off: Aff,
}

/// One induction variable of the loop: its increment and whether the increment carries `nsw`/`nuw`.
#[derive(Clone, Debug)]
struct Iv {
    start: Value,
    step: Poly,
    nsw: bool,
    nuw: bool,
}

/// The affine analysis of one loop.
struct LoopCx<'a> {
    m: &'a Module,
    func: &'a Function,
    li: &'a LoopInfo,
    l: LoopId,
    ivs: FxHashMap<Value, Iv>,
    memo: FxHashMap<Value, Option<Aff>>,
    pmemo: FxHashMap<Value, Option<PAff>>,
}

impl LoopCx<'_> {
    fn invariant(&self, v: Value) -> bool {
        match self.func.dfg.value_inst(v) {
            None => true,
            Some(i) => self.func.layout.inst_block(i).is_none_or(|b| !self.li.contains(self.l, b)),
        }
    }

    fn const_int(&self, v: Value) -> Option<i64> {
        const_int(self.m, self.func, v)
    }

    /// The polynomial of an invariant integer: a constant or a leaf.
    fn inv_poly(&self, v: Value) -> Option<Poly> {
        if let Some(c) = self.const_int(v) {
            return Some(Poly::constant(c));
        }
        match self.func.dfg.value_def(v) {
            ValueDef::Const(_) => None, // undef, poison, constant expressions
            _ => Some(Poly::leaf(v)),
        }
    }

    fn aff(&mut self, v: Value, depth: u32) -> Option<Aff> {
        let bits = self.m.types.int_width(self.func.dfg.value_ty(v)).filter(|&b| b <= 64)?;
        if self.invariant(v) {
            if let Some(a) = self.invariant_sum(v, bits) {
                return Some(a);
            }
            return Some(Aff::invariant(self.inv_poly(v)?, bits));
        }
        if let Some(r) = self.memo.get(&v) {
            return r.clone();
        }
        if depth > MAX_DEPTH {
            return None;
        }
        let r = self.aff_inst(v, bits, depth);
        self.memo.insert(v, r.clone());
        r
    }

    /// An invariant `x + c` (or `or disjoint x, c`) as the leaf `x` plus the constant, wrapping as its flags
    /// say: computed before the loop (`i + 1024` for an unrolled access), it would otherwise be a leaf of its
    /// own, and addresses that differ only in `c` would not share an IV. Widenings of such sums, and of plain
    /// values, are looked through the same way.
    fn invariant_sum(&self, v: Value, bits: u32) -> Option<Aff> {
        let i = self.func.dfg.value_inst(v)?;
        let d = self.func.dfg.inst(i);
        // Through a widening of such a sum (`zext nneg (add nuw nsw x, c)`), as `aff_inst` widens.
        if let InstKind::Cast(op @ (CastOp::ZExt | CastOp::SExt)) = d.kind {
            let inner_bits = self.m.types.int_width(self.func.dfg.value_ty(d.args[0]))?;
            // A widened plain value becomes the widened leaf, the form the widened sums use, so `zext x` and
            // `zext (x + c)` have the same leaf and differ by a constant.
            let a = match self.invariant_sum(d.args[0], inner_bits) {
                Some(a) => a,
                None => Aff::invariant(self.inv_poly(d.args[0])?, inner_bits),
            };
            let ext =
                if op == CastOp::SExt || (d.flags.contains(Flags::NNEG) && a.nsw) { Ext::Sext } else { Ext::Zext };
            return a.widen(ext, bits);
        }
        let disjoint = matches!(d.kind, InstKind::Binary(BinaryOp::Or)) && d.flags.contains(Flags::DISJOINT);
        if !(matches!(d.kind, InstKind::Binary(BinaryOp::Add)) || disjoint) {
            return None;
        }
        let (x, c) = match (self.const_int(d.args[0]), self.const_int(d.args[1])) {
            (None, Some(c)) => (d.args[0], c),
            (Some(c), None) => (d.args[1], c),
            _ => return None,
        };
        if matches!(self.func.dfg.value_def(x), ValueDef::Const(_)) {
            return None;
        }
        Some(Aff {
            start: Poly::leaf(x).add(&Poly::constant(c))?,
            step: Poly::zero(),
            bits,
            nsw: disjoint || d.flags.contains(Flags::NSW),
            nuw: disjoint || d.flags.contains(Flags::NUW),
        })
    }

    fn aff_inst(&mut self, v: Value, bits: u32, depth: u32) -> Option<Aff> {
        if let Some(iv) = self.ivs.get(&v).cloned() {
            return Some(Aff { start: self.inv_poly(iv.start)?, step: iv.step, bits, nsw: iv.nsw, nuw: iv.nuw });
        }
        let i = self.func.dfg.value_inst(v)?;
        let d = self.func.dfg.inst(i);
        let (kind, flags, args) = (d.kind.clone(), d.flags, d.args.clone());
        match kind {
            InstKind::Binary(op) => {
                let a = self.aff(args[0], depth + 1)?;
                let b = self.aff(args[1], depth + 1)?;
                let nsw = a.nsw && b.nsw;
                let nuw = a.nuw && b.nuw;
                match op {
                    BinaryOp::Add => Some(Aff {
                        start: a.start.add(&b.start)?,
                        step: a.step.add(&b.step)?,
                        bits,
                        nsw: nsw && flags.contains(Flags::NSW),
                        nuw: nuw && flags.contains(Flags::NUW),
                    }),
                    // `or disjoint` adds without carries: no wrap either way.
                    BinaryOp::Or if flags.contains(Flags::DISJOINT) => {
                        Some(Aff { start: a.start.add(&b.start)?, step: a.step.add(&b.step)?, bits, nsw, nuw })
                    }
                    BinaryOp::Sub => Some(Aff {
                        start: a.start.sub(&b.start)?,
                        step: a.step.sub(&b.step)?,
                        bits,
                        nsw: nsw && flags.contains(Flags::NSW),
                        nuw: nuw && flags.contains(Flags::NUW),
                    }),
                    BinaryOp::Mul => {
                        let (r, c) = if b.step.is_zero() {
                            (a, b)
                        } else if a.step.is_zero() {
                            (b, a)
                        } else {
                            return None;
                        };
                        Some(Aff {
                            start: r.start.mul(&c.start)?,
                            step: r.step.mul(&c.start)?,
                            bits,
                            nsw: nsw && flags.contains(Flags::NSW),
                            nuw: nuw && flags.contains(Flags::NUW),
                        })
                    }
                    // `lshr` by `k` of a recurrence that never wraps (unsigned) and steps by a multiple of 2^k:
                    // floor((s + j·m·2^k) / 2^k) = floor(s / 2^k) + j·m exactly. The start must be a constant or
                    // one value (it becomes the leaf `s >> k`); the results lie in [0, 2^(bits−k)) without
                    // wrapping, so both widenings are exact.
                    BinaryOp::LShr => {
                        let k = b.start.as_const().filter(|k| b.step.is_zero() && (1..bits as i64).contains(k))?;
                        if !a.nuw {
                            return None;
                        }
                        let step = a.step.as_const()?;
                        if step.wrapping_rem(1i64 << k) != 0 {
                            return None;
                        }
                        let start = match a.start.as_const() {
                            Some(c) => {
                                let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
                                Poly::constant(((c as u64 & mask) >> k) as i64)
                            }
                            None => {
                                let lf = a.start.as_leaf()?;
                                let shr = u32::from(lf.shr) + k as u32;
                                if shr >= bits {
                                    return None;
                                }
                                Poly::of_leaf(Leaf { shr: shr as u8, ..lf })
                            }
                        };
                        Some(Aff { start, step: Poly::constant(step >> k), bits, nsw: true, nuw: true })
                    }
                    BinaryOp::Shl => {
                        let k = b.start.as_const().filter(|k| b.step.is_zero() && (0..bits as i64).contains(k))?;
                        let f = Poly::constant(1i64.wrapping_shl(k as u32));
                        Some(Aff {
                            start: a.start.mul(&f)?,
                            step: a.step.mul(&f)?,
                            bits,
                            nsw: a.nsw && flags.contains(Flags::NSW),
                            nuw: a.nuw && flags.contains(Flags::NUW),
                        })
                    }
                    _ => None,
                }
            }
            InstKind::Cast(CastOp::SExt) => self.aff(args[0], depth + 1)?.widen(Ext::Sext, bits),
            InstKind::Cast(CastOp::ZExt) => {
                let a = self.aff(args[0], depth + 1)?;
                // `zext nneg` is `sext` (a negative operand makes it poison).
                if flags.contains(Flags::NNEG) && a.nsw {
                    a.widen(Ext::Sext, bits)
                } else {
                    a.widen(Ext::Zext, bits)
                }
            }
            _ => None,
        }
    }

    fn paff(&mut self, v: Value, depth: u32) -> Option<PAff> {
        if !self.m.types.is_ptr(self.func.dfg.value_ty(v)) {
            return None;
        }
        if self.invariant(v) {
            let (base, off) = self.const_offset_base(v);
            return Some(PAff { base, off: Aff::invariant(Poly::constant(off), 64) });
        }
        if let Some(r) = self.pmemo.get(&v) {
            return r.clone();
        }
        if depth > MAX_DEPTH {
            return None;
        }
        let r = self.paff_inst(v, depth);
        self.pmemo.insert(v, r.clone());
        r
    }

    /// An invariant pointer as a base and a constant byte offset: through single-index GEPs by constants
    /// (clang's `getelementptr inbounds i8, ptr %a, i64 4` for the unrolled `a[i + 1]`), so accesses at constant
    /// distances from one pointer share its IV instead of one IV per offset pointer.
    fn const_offset_base(&self, v: Value) -> (Value, i64) {
        let (mut base, mut off) = (v, 0i64);
        for _ in 0..MAX_DEPTH {
            let Some(i) = self.func.dfg.value_inst(base) else { break };
            let d = self.func.dfg.inst(i);
            let InstKind::Gep { source_ty } = d.kind else { break };
            let [p, idx] = d.args[..] else { break };
            let size = self.m.types.alloc_size(source_ty) as i64;
            let Some(k) = self.const_int(idx).and_then(|k| k.checked_mul(size)) else { break };
            let Some(o) = off.checked_add(k) else { break };
            (base, off) = (p, o);
        }
        (base, off)
    }

    fn paff_inst(&mut self, v: Value, depth: u32) -> Option<PAff> {
        let i = self.func.dfg.value_inst(v)?;
        let d = self.func.dfg.inst(i);
        let InstKind::Gep { source_ty } = d.kind else {
            return None;
        };
        let args = d.args.clone();
        let mut p = self.paff(args[0], depth + 1)?;
        let types = &self.m.types;
        let mut ty = source_ty;
        for (j, &idx) in args[1..].iter().enumerate() {
            let size = if j == 0 {
                types.alloc_size(ty)
            } else {
                match types.data(ty) {
                    TypeData::Struct { .. } | TypeData::Named(_) => {
                        let k = self.const_int(idx)?;
                        let layout = types.struct_layout(ty)?;
                        let off = *layout.offsets.get(usize::try_from(k).ok()?)?;
                        p.off.start = p.off.start.add(&Poly::constant(off as i64))?;
                        ty = types.element_type(ty, k as u64)?;
                        continue;
                    }
                    TypeData::Array { elem, .. } => {
                        ty = *elem;
                        types.alloc_size(ty)
                    }
                    _ => return None,
                }
            };
            let a = self.aff(idx, depth + 1)?;
            let a = match a.bits {
                64 => a,
                b if b < 64 => a.widen(Ext::Sext, 64)?,
                _ => return None,
            };
            let s = Poly::constant(size as i64);
            p.off.start = p.off.start.add(&a.start.mul(&s)?)?;
            p.off.step = p.off.step.add(&a.step.mul(&s)?)?;
        }
        Some(p)
    }
}

/// A new pointer IV's members: roots and their constant offsets.
struct Group {
    base: Value,
    step: Poly,
    start: Poly,
    roots: Vec<(Value, i64)>,
    /// Some root costs more than one instruction per iteration (see [`simple_root`]).
    complex: bool,
    /// The base and every leaf of start and step are uniform: the new IV is uniform.
    uniform: bool,
    /// Some root's block runs on every iteration (it dominates the latch).
    every: bool,
}

/// Whether root GEP `i` is `base + size × IV` (or of the IV's `sext`/`zext`): one `mad.wide` per iteration, no
/// more than the new IV's increment, so a group of one such root gains nothing.
fn simple_root(func: &Function, i: Inst, ivs: &FxHashMap<Value, Iv>) -> bool {
    let args = func.dfg.args(i);
    if args.len() != 2 {
        return false;
    }
    let mut idx = args[1];
    if let Some(d) = func.dfg.value_inst(idx).map(|c| func.dfg.inst(c)) {
        if matches!(d.kind, InstKind::Cast(CastOp::SExt | CastOp::ZExt)) {
            idx = d.args[0];
        }
    }
    ivs.contains_key(&idx)
}

impl FunctionPass for Lsr {
    fn preserves(&self) -> Preserves {
        Preserves::Cfg
    }

    fn run_on_function(
        &mut self,
        m: &mut Module,
        f: FuncId,
        analyses: &mut FunctionAnalyses,
        knobs: &Knobs,
        remarks: &mut Vec<String>,
    ) -> Result<bool, String> {
        let li = analyses.loops(&m.funcs[f]);
        if li.is_empty() {
            return Ok(false);
        }
        let mut divergent: SecondaryMap<Value, bool> = SecondaryMap::new();
        for v in analyses.uniformity(m, f).divergent_values() {
            divergent.set(v, true);
        }
        let li = analyses.loops(&m.funcs[f]);
        let dt = analyses.domtree(&m.funcs[f]);
        let mut order = Vec::with_capacity(li.len());
        fn post(li: &LoopInfo, l: LoopId, out: &mut Vec<LoopId>) {
            for &c in li.children(l) {
                post(li, c, out);
            }
            out.push(l);
        }
        for &l in li.top_level() {
            post(li, l, &mut order);
        }
        let max_ivs = knobs.int("lsr-max-ivs").max(0) as usize;
        let report = knobs.int("lsr-report") > 0;
        let min_trips = knobs.int("lsr-min-trips");
        let count_down_on = knobs.bool("lsr-count-down");
        let nests = knobs.bool("lsr-nests");
        // Under a launch-bounds register cap, loops whose estimated pressure leaves no room get no new IVs
        // (module doc, "Register cap").
        let cap = pressure::register_cap(m, f);
        let live = cap.map(|_| pressure::liveness(&m.funcs[f]));
        let preds = Preds::compute(&m.funcs[f]);
        let mut changed = false;
        let mut named = 0;
        for l in order {
            // What happened to this loop, in the order the rewrites ran (one remark each with `lsr-report`).
            let mut done: Vec<String> = Vec::new();
            let max_ivs = match (cap, &live) {
                (Some(cap), Some(live)) => {
                    let p = pressure::carried(&m.types, &m.funcs[f], m.is_kernel(f), live, li.header(l));
                    if p + 2 + pressure::WORKING_SET > cap {
                        if report {
                            done.push(format!("no new IVs: {p} registers carried, + 2 for an IV and {} for the body exceed the register cap {cap}", pressure::WORKING_SET));
                        }
                        0
                    } else {
                        max_ivs
                    }
                }
                _ => max_ivs,
            };
            // A loop that runs only a few times per entry does not pay back an IV's set-up (module doc, "Short
            // loops").
            let max_ivs = match trips::max_trips(m, &m.funcs[f], li, l, &preds) {
                Some(t) if max_ivs > 0 && t <= min_trips => {
                    if report {
                        done.push(format!("no new IVs: at most {t} iterations per entry"));
                    }
                    0
                }
                _ => max_ivs,
            };
            // A loop of a nest gets no new IVs unless `lsr-nests` (module doc, "Loop nests").
            let in_nest = li.parent(l).is_some() || !li.children(l).is_empty();
            let max_ivs = if in_nest && !nests && max_ivs > 0 {
                if report {
                    done.push("no new IVs: a loop of a nest (lsr-nests is off)".to_string());
                }
                0
            } else {
                max_ivs
            };
            let n = reduce_loop(m, f, li, dt, l, &preds, &mut divergent, max_ivs, &mut named);
            let budget = max_ivs.saturating_sub(n.ivs);
            let narrow = narrow::narrow_ivs(m, f, li, dt, l, &preds, &mut divergent, budget, &mut named);
            if narrow > 0 {
                done.push(format!("{narrow} integer chains became IVs of their own width"));
            }
            if merge_exit_iv(m, f, li, l, &preds, &mut divergent) {
                done.push("exit test moved to another IV, counter deleted".to_string());
            }
            if post_increment_exit(m, f, li, l, &preds, &mut divergent) {
                done.push("exit test on the post-increment IV".to_string());
            }
            let ev = exit_value::rewrite_exit_values(&mut m.funcs[f], li, l, &preds);
            if ev > 0 {
                done.push(format!("{ev} reads after the loop take the exit test's bound"));
            }
            // A loop that only counts is dead now (ptxas deletes it): a new counter would keep it alive.
            if ev == 0 && uniform_trips::uniform_trips(m, f, li, l, &preds, &mut divergent) {
                done.push("a uniform trip counter replaces the divergent exit test".to_string());
            }
            if count_down_on && count_down::count_down(m, f, li, dt, l, &preds, &mut divergent) {
                done.push("exit counter counts down to zero".to_string());
            }
            if n.ivs > 0 {
                done.push(format!("{} new IVs ({} uniform), {} addresses rewritten", n.ivs, n.uniform, n.rewritten));
            }
            changed |= !done.is_empty();
            if report {
                let func = &m.funcs[f];
                let header = func.block_label(li.header(l));
                for what in done {
                    remarks.push(format!("remark: lsr: @{}: loop {header}: {what}", func.name));
                }
            }
        }
        Ok(changed)
    }
}

/// What one loop got.
#[derive(Default)]
struct LoopStats {
    ivs: usize,
    uniform: usize,
    rewritten: usize,
}

/// The loop's preheader (its one predecessor outside the loop, any terminator) and latch.
fn loop_shape(func: &Function, li: &LoopInfo, l: LoopId, preds: &Preds) -> Option<(Block, Block)> {
    let latch = li.latch(l)?;
    let header = li.header(l);
    let mut outside = preds.distinct(header).into_iter().filter(|&p| !li.contains(l, p));
    let pre = outside.next()?;
    if outside.next().is_some() || func.terminator(pre).is_none() || func.terminator(latch).is_none() {
        return None;
    }
    Some((pre, latch))
}

/// The IVs of the loop's header.
fn find_ivs(cx: &LoopCx<'_>, header: Block, pre: Block, latch: Block) -> FxHashMap<Value, Iv> {
    let func = cx.func;
    let mut ivs = FxHashMap::default();
    for i in func.layout.block_insts(header) {
        let d = func.dfg.inst(i);
        if !d.is_phi() {
            break;
        }
        let (Some(v), Some(start), Some(next)) = (
            func.dfg.result(i),
            crate::passes::util::phi_value_for(func, i, pre),
            crate::passes::util::phi_value_for(func, i, latch),
        ) else {
            continue;
        };
        if func.dfg.phi_blocks(i).iter().any(|&b| b != pre && b != latch)
            || cx.m.types.int_width(d.ty).is_none_or(|b| b > 64)
        {
            continue;
        }
        let Some(ni) = func.dfg.value_inst(next) else {
            continue;
        };
        let nd = func.dfg.inst(ni);
        let (a0, a1) = match nd.args.as_slice() {
            [a0, a1] => (*a0, *a1),
            _ => continue,
        };
        let step_of = |s: Value| if cx.invariant(s) { cx.inv_poly(s) } else { None };
        let fl = nd.flags;
        let iv = match nd.kind {
            InstKind::Binary(BinaryOp::Add) if a0 == v || a1 == v => {
                let s = if a0 == v { a1 } else { a0 };
                step_of(s).map(|step| (step, fl.contains(Flags::NSW), fl.contains(Flags::NUW)))
            }
            InstKind::Binary(BinaryOp::Sub) if a0 == v => {
                step_of(a1).map(|s| (s.neg(), fl.contains(Flags::NSW), fl.contains(Flags::NUW)))
            }
            InstKind::Binary(BinaryOp::Or) if a0 == v && fl.contains(Flags::DISJOINT) => {
                step_of(a1).map(|s| (s, true, true))
            }
            _ => None,
        };
        if let Some((step, nsw, nuw)) = iv {
            if !step.is_zero() {
                ivs.insert(v, Iv { start, step, nsw, nuw });
            }
        }
    }
    ivs
}

/// Whether a group pays for an IV (module doc, "Groups"): a uniform one always (ptxas keeps it in uniform
/// registers); a divergent one when some root runs on every iteration and it has several roots or a root that
/// costs more than the one `mad.wide` of `base + size × IV`.
fn pays(g: &Group) -> bool {
    g.uniform || (g.every && (g.complex || g.roots.len() > 1))
}

#[allow(clippy::too_many_arguments)]
fn reduce_loop(
    m: &mut Module,
    f: FuncId,
    li: &LoopInfo,
    dt: &DominatorTree,
    l: LoopId,
    preds: &Preds,
    divergent: &mut SecondaryMap<Value, bool>,
    max_ivs: usize,
    named: &mut usize,
) -> LoopStats {
    let mut stats = LoopStats::default();
    if max_ivs == 0 {
        return stats;
    }
    let header = li.header(l);
    let Some((pre, latch)) = loop_shape(&m.funcs[f], li, l, preds) else {
        return stats;
    };
    // Analysis: find the roots and group them.
    let mut groups: Vec<Group> = Vec::new();
    let template_phi;
    {
        let mut cx = LoopCx {
            m,
            func: &m.funcs[f],
            li,
            l,
            ivs: FxHashMap::default(),
            memo: FxHashMap::default(),
            pmemo: FxHashMap::default(),
        };
        cx.ivs = find_ivs(&cx, header, pre, latch);
        let Some(&tp) = cx.ivs.keys().min() else {
            return stats;
        };
        template_phi = cx.func.dfg.value_inst(tp).expect("phi");
        let func = cx.func;
        let mut index: FxHashMap<(Value, Poly, Poly), usize> = FxHashMap::default();
        for &b in li.blocks(l) {
            for i in func.layout.block_insts(b) {
                if !matches!(func.dfg.inst(i).kind, InstKind::Gep { .. }) {
                    continue;
                }
                let Some(r) = func.dfg.result(i) else {
                    continue;
                };
                let Some(p) = cx.paff(r, 0) else {
                    continue;
                };
                if p.off.step.is_zero() || !materializable(m, func, &p) {
                    continue;
                }
                // A root: some use is not the base of another affine GEP of the loop.
                let uses: Vec<Use> = func.dfg.uses(r).to_vec();
                let absorbed = uses.iter().all(|u| {
                    u.index == 0
                        && matches!(func.dfg.inst(u.inst).kind, InstKind::Gep { .. })
                        && func.layout.inst_block(u.inst).is_some_and(|ub| li.contains(l, ub))
                        && func.dfg.result(u.inst).and_then(|ur| cx.paff(ur, 0)).is_some_and(|q| !q.off.step.is_zero())
                });
                if absorbed || uses.is_empty() {
                    continue;
                }
                let leaves_uniform =
                    !divergent[p.base] && p.off.start.leaves().chain(p.off.step.leaves()).all(|lf| !divergent[lf.v]);
                if !divergent[r] && !leaves_uniform {
                    continue;
                }
                let (rest, c) = p.off.start.split_const();
                let key = (p.base, p.off.step.clone(), rest.clone());
                let g = *index.entry(key).or_insert_with(|| {
                    groups.push(Group {
                        base: p.base,
                        step: p.off.step.clone(),
                        start: rest,
                        roots: Vec::new(),
                        complex: false,
                        uniform: leaves_uniform,
                        every: false,
                    });
                    groups.len() - 1
                });
                groups[g].roots.push((r, c));
                groups[g].complex |= !simple_root(func, i, &cx.ivs);
                groups[g].every |= dt.dominates(b, latch);
            }
        }
    }
    if groups.is_empty() {
        return stats;
    }
    // Rank: most roots first (stable: first seen first among equals).
    let mut ranked: Vec<usize> = (0..groups.len()).filter(|&g| pays(&groups[g])).collect();
    ranked.sort_by_key(|&g| std::cmp::Reverse(groups[g].roots.len()));
    ranked.truncate(max_ivs);
    ranked.sort_unstable();
    let (Some(pre_term), Some(latch_term)) = (m.funcs[f].terminator(pre), m.funcs[f].terminator(latch)) else {
        return stats;
    };
    let phi_blocks: Vec<Block> = m.funcs[f].dfg.phi_blocks(template_phi).to_vec();
    let mut mat = Materializer::new(Type::I64, 64);
    let mut dead: Vec<Inst> = Vec::new();
    // Groups of different uniform bases that walk the same divergent offset (`a[i]`, `b[i]`, `c[i]` in a
    // grid-stride loop) share one 64-bit offset IV: each root is `base + off`, with the base in a uniform
    // register; see the module doc, "Shared offsets".
    let mut shared: FxHashMap<(Poly, Poly), Vec<usize>> = FxHashMap::default();
    for &g in &ranked {
        let gr = &groups[g];
        let div_off = gr.start.leaves().chain(gr.step.leaves()).any(|lf| divergent[lf.v]);
        if div_off && !divergent[gr.base] {
            shared.entry((gr.start.clone(), gr.step.clone())).or_default().push(g);
        }
    }
    shared.retain(|_, v| v.len() >= 2);
    let mut offset_iv: FxHashMap<(Poly, Poly), (Value, i64)> = FxHashMap::default();
    for g in ranked {
        let g = &groups[g];
        let key = (g.start.clone(), g.step.clone());
        if let Some(family) = shared.get(&key) {
            // The family's IV starts at its smallest constant offset; each root adds its own difference.
            let c0 = family.iter().flat_map(|&h| groups[h].roots.iter().map(|r| r.1)).min().expect("roots");
            let (off, c0) = match offset_iv.get(&key) {
                Some(&v) => v,
                None => {
                    let mut b = Builder {
                        func: &mut m.funcs[f],
                        types: &mut m.types,
                        consts: &mut m.consts,
                        at: InsertPoint::Before(pre_term),
                    };
                    let start_off = g.start.add(&Poly::constant(c0)).expect("adding a constant keeps the size");
                    let start = mat.poly(&mut b, &start_off, divergent);
                    let step = mat.poly(&mut b, &g.step, divergent);
                    let shape = IvShape { header, pre, latch_term, phi_blocks: &phi_blocks };
                    let off = new_iv(&mut b, &shape, Type::I64, start, step, named, divergent, true);
                    stats.ivs += 1;
                    offset_iv.insert(key.clone(), (off, c0));
                    (off, c0)
                }
            };
            let mut b = Builder {
                func: &mut m.funcs[f],
                types: &mut m.types,
                consts: &mut m.consts,
                at: InsertPoint::Before(pre_term),
            };
            for &(r, c) in &g.roots {
                let ri = b.func.dfg.value_inst(r).expect("root is an instruction");
                b.at = InsertPoint::Before(ri);
                let mut nv = b.gep(Type::I8, g.base, &[off], Flags::NONE);
                divergent.set(nv, true);
                if c != c0 {
                    let k = b.iconst(Type::I64, c.wrapping_sub(c0) as i128);
                    nv = b.gep(Type::I8, nv, &[k], Flags::NONE);
                    divergent.set(nv, true);
                }
                let name = b.func.dfg.value_name(r).map(str::to_string);
                b.func.dfg.set_value_name(nv, name.as_deref());
                b.func.dfg.replace_all_uses(r, nv);
                dead.push(ri);
                stats.rewritten += 1;
            }
            continue;
        }
        let c0 = g.roots.iter().map(|r| r.1).min().expect("a group has roots");
        let div = divergent[g.base] || g.start.leaves().chain(g.step.leaves()).any(|lf| divergent[lf.v]);
        let ptr_ty = m.funcs[f].dfg.value_ty(g.base);
        let mut b = Builder {
            func: &mut m.funcs[f],
            types: &mut m.types,
            consts: &mut m.consts,
            at: InsertPoint::Before(pre_term),
        };
        let start_off = g.start.add(&Poly::constant(c0)).expect("adding a constant keeps the size");
        let start = if start_off.is_zero() {
            g.base
        } else {
            let o = mat.poly(&mut b, &start_off, divergent);
            b.gep(Type::I8, g.base, &[o], Flags::NONE)
        };
        let step = mat.poly(&mut b, &g.step, divergent);
        let shape = IvShape { header, pre, latch_term, phi_blocks: &phi_blocks };
        let p = new_iv(&mut b, &shape, ptr_ty, start, step, named, divergent, div);
        for &(r, c) in &g.roots {
            let ri = b.func.dfg.value_inst(r).expect("root is an instruction");
            let nv = if c == c0 {
                p
            } else {
                b.at = InsertPoint::Before(ri);
                let k = b.iconst(Type::I64, c.wrapping_sub(c0) as i128);
                let nv = b.gep(Type::I8, p, &[k], Flags::NONE);
                let name = b.func.dfg.value_name(r).map(str::to_string);
                b.func.dfg.set_value_name(nv, name.as_deref());
                divergent.set(nv, div);
                nv
            };
            b.func.dfg.replace_all_uses(r, nv);
            dead.push(ri);
            stats.rewritten += 1;
        }
        stats.ivs += 1;
        stats.uniform += usize::from(!div);
    }
    let func = &mut m.funcs[f];
    delete_dead(func, dead);
    delete_dead_ivs(func, header, latch);
    stats
}

/// Where a loop's new IVs go: the phi in `header` (incoming from `pre` and the latch, whose terminator is
/// `latch_term`; `phi_blocks` is the header phis' predecessor order).
struct IvShape<'a> {
    header: Block,
    pre: Block,
    latch_term: Inst,
    phi_blocks: &'a [Block],
}

/// A new IV `t = phi [start, pre], [t + step, latch]` of type `ty` (a pointer steps with `gep i8`, an integer with
/// `add`), named `lsr.ivN` and marked divergent per `div`; returns `t`.
#[allow(clippy::too_many_arguments)]
fn new_iv(
    b: &mut Builder<'_>,
    shape: &IvShape<'_>,
    ty: Type,
    start: Value,
    step: Value,
    named: &mut usize,
    divergent: &mut SecondaryMap<Value, bool>,
    div: bool,
) -> Value {
    let first_non_phi = b
        .func
        .layout
        .block_insts(shape.header)
        .find(|&i| !b.func.dfg.inst(i).is_phi())
        .expect("header has a terminator");
    b.at = InsertPoint::Before(first_non_phi);
    let (phi, t) = b.phi(ty);
    b.at = InsertPoint::Before(shape.latch_term);
    let next =
        if b.types.is_ptr(ty) { b.gep(Type::I8, t, &[step], Flags::NONE) } else { b.binary(BinaryOp::Add, t, step) };
    for &pb in shape.phi_blocks {
        let v = if pb == shape.pre { start } else { next };
        b.func.dfg.phi_add_incoming(phi, v, pb);
    }
    // Unique names (`lsr.iv`, `lsr.iv1`, ...): the writer would otherwise suffix thousands of equal ones.
    let name = if *named == 0 { "lsr.iv".to_string() } else { format!("lsr.iv{named}") };
    *named += 1;
    b.func.dfg.set_value_name(t, Some(&name));
    b.func.dfg.set_value_name(next, Some(&format!("{name}.next")));
    for v in [start, t, next] {
        divergent.set(v, div);
    }
    t
}

/// Whether every leaf of the address can be widened to 64 bits in the preheader.
fn materializable(m: &Module, func: &Function, p: &PAff) -> bool {
    p.off.start.leaves().chain(p.off.step.leaves()).all(|lf| {
        let w = m.types.int_width(func.dfg.value_ty(lf.v));
        match lf.ext {
            Ext::None => w == Some(64),
            _ => w.is_some_and(|w| w <= 64),
        }
    })
}

/// An integer constant's value (`None` for anything else).
fn const_int(m: &Module, func: &Function, v: Value) -> Option<i64> {
    match m.consts.data(func.dfg.value_const(v)?) {
        ConstData::Int(_, ap) => ap.as_i64(),
        _ => None,
    }
}

/// A loop's latch exit test `icmp eq/ne x, k` with `k` loop-invariant (`side`: the operand index of `x`), in a
/// loop of [`loop_shape`]; the compare sits in the latch and feeds only the latch's conditional branch.
struct ExitTest {
    pre: Block,
    latch: Block,
    cmp: Inst,
    side: usize,
    x: Value,
    k: Value,
}

fn latch_exit_test(func: &Function, li: &LoopInfo, l: LoopId, preds: &Preds) -> Option<ExitTest> {
    let (pre, latch) = loop_shape(func, li, l, preds)?;
    let term = func.terminator(latch)?;
    if !matches!(func.dfg.inst(term).kind, InstKind::CondBr { .. }) {
        return None;
    }
    let cond = func.dfg.args(term)[0];
    let cmp = func.dfg.value_inst(cond)?;
    if !matches!(func.dfg.inst(cmp).kind, InstKind::ICmp(IntPredicate::Eq | IntPredicate::Ne))
        || func.layout.inst_block(cmp) != Some(latch)
        || func.dfg.uses(cond).len() != 1
    {
        return None;
    }
    let invariant = |v: Value| match func.dfg.value_inst(v) {
        None => true,
        Some(i) => func.layout.inst_block(i).is_none_or(|b| !li.contains(l, b)),
    };
    let cargs = func.dfg.args(cmp);
    let (side, x, k) = if invariant(cargs[1]) {
        (0, cargs[0], cargs[1])
    } else if invariant(cargs[0]) {
        (1, cargs[1], cargs[0])
    } else {
        return None;
    };
    Some(ExitTest { pre, latch, cmp, side, x, k })
}

/// Item 6 of the module doc: rewrites the latch's `icmp eq/ne i, K` to `icmp eq/ne i.next, K + c`.
fn post_increment_exit(
    m: &mut Module,
    f: FuncId,
    li: &LoopInfo,
    l: LoopId,
    preds: &Preds,
    divergent: &mut SecondaryMap<Value, bool>,
) -> bool {
    let func = &m.funcs[f];
    let Some(ExitTest { pre, latch, cmp, side, x: iv, k }) = latch_exit_test(func, li, l, preds) else { return false };
    let header = li.header(l);
    // `iv` is a header phi whose latch input is `iv + c`, computed in the latch before the compare.
    let Some(phi) = func.dfg.value_inst(iv) else { return false };
    if !func.dfg.inst(phi).is_phi() || func.layout.inst_block(phi) != Some(header) {
        return false;
    }
    let Some(next) = crate::passes::util::phi_value_for(func, phi, latch) else { return false };
    let ty = func.dfg.value_ty(iv);
    let Some(bits) = m.types.int_width(ty).filter(|&b| b <= 64) else { return false };
    let Some((c, inc)) = const_step(m, func, iv, next) else { return false };
    if func.layout.inst_block(inc) != Some(latch) {
        return false;
    }
    // Positions in the latch: the increment must precede the compare, and no other use of `iv` may follow it.
    let order: FxHashMap<Inst, usize> = func.layout.block_insts(latch).enumerate().map(|(k, i)| (i, k)).collect();
    let inc_pos = order[&inc];
    if order[&cmp] < inc_pos {
        return false;
    }
    for u in func.dfg.uses(iv) {
        if u.inst == cmp || u.inst == inc {
            continue;
        }
        match func.layout.inst_block(u.inst) {
            Some(b) if b == latch => {
                if order.get(&u.inst).is_none_or(|&p| p > inc_pos) {
                    return false;
                }
            }
            Some(b) if li.contains(l, b) => {}
            _ => return false,
        }
    }
    let pre_term = func.terminator(pre).expect("loop_shape checked the preheader's terminator");
    let kconst = const_int(m, func, k);
    let mut b = Builder {
        func: &mut m.funcs[f],
        types: &mut m.types,
        consts: &mut m.consts,
        at: InsertPoint::Before(pre_term),
    };
    let new_k = match kconst {
        Some(kv) => {
            let v = kv.wrapping_add(c);
            let v = wrap_to(v, bits);
            b.iconst(ty, v as i128)
        }
        None => {
            let kc = b.iconst(ty, c as i128);
            let v = b.binary(BinaryOp::Add, k, kc);
            divergent.set(v, divergent[k]);
            v
        }
    };
    let func = &mut m.funcs[f];
    func.dfg.set_arg(cmp, side, next);
    func.dfg.set_arg(cmp, 1 - side, new_k);
    func.dfg.flags_mut(inc).0 &= !(Flags::NSW.0 | Flags::NUW.0);
    true
}

/// The counter a latch exit test reads (see [`tested_counter`]).
struct TestedCounter {
    phi: Inst,
    j: Value,
    start: Value,
    next: Value,
    step: i64,
    inc: Inst,
    post: bool,
}

/// The counter exit test `t` reads: its `x` is a two-input header phi `j` or its latch input `j + c` (constant
/// `c`, computed inside loop `l`). Gives `j`'s phi, `j`, its preheader and latch inputs, the step `c`, the
/// increment and whether the test reads `j + c` (post-increment).
fn tested_counter(m: &Module, func: &Function, li: &LoopInfo, l: LoopId, t: &ExitTest) -> Option<TestedCounter> {
    let header = li.header(l);
    let as_phi = |v: Value| {
        let p = func.dfg.value_inst(v)?;
        (func.dfg.inst(p).is_phi() && func.layout.inst_block(p) == Some(header) && func.dfg.args(p).len() == 2)
            .then_some(p)
    };
    let (phi, j, post) = match as_phi(t.x) {
        Some(p) => (p, t.x, false),
        None => {
            let inc = func.dfg.value_inst(t.x)?;
            let j = *func.dfg.args(inc).iter().find(|&&a| as_phi(a).is_some())?;
            (as_phi(j)?, j, true)
        }
    };
    let start = crate::passes::util::phi_value_for(func, phi, t.pre)?;
    let next = crate::passes::util::phi_value_for(func, phi, t.latch)?;
    if post && next != t.x {
        return None;
    }
    let (step, inc) = const_step(m, func, j, next)?;
    func.layout.inst_block(inc).is_some_and(|b| li.contains(l, b)).then_some(TestedCounter {
        phi,
        j,
        start,
        next,
        step,
        inc,
        post,
    })
}

/// Whether counter `j` (phi `jphi`, increment `jinc`, latch input `jnext`) feeds nothing but its own increment,
/// its phi and the exit test `cmp`.
fn only_counts(func: &Function, cmp: Inst, jphi: Inst, j: Value, jinc: Inst, jnext: Value) -> bool {
    let only = |v: Value, allowed: &[Inst]| func.dfg.uses(v).iter().all(|u| allowed.contains(&u.inst));
    only(j, &[jinc, cmp]) && only(jnext, &[jphi, cmp])
}

/// `v` wrapped to a `bits`-wide integer (sign-extended back to 64 bits), as an `iN` constant holds it.
fn wrap_to(v: i64, bits: u32) -> i64 {
    if bits >= 64 {
        v
    } else {
        (v << (64 - bits)) >> (64 - bits)
    }
}

/// The constant step `c` of header phi `iv` whose latch input `next` is `iv + c` (or `iv - c`), with the
/// increment instruction.
fn const_step(m: &Module, func: &Function, iv: Value, next: Value) -> Option<(i64, Inst)> {
    let inc = func.dfg.value_inst(next)?;
    let const_of = |v: Value| const_int(m, func, v);
    let c = match (&func.dfg.inst(inc).kind, func.dfg.args(inc)) {
        (InstKind::Binary(BinaryOp::Add), &[a, b]) if a == iv => const_of(b),
        (InstKind::Binary(BinaryOp::Add), &[a, b]) if b == iv => const_of(a),
        (InstKind::Binary(BinaryOp::Sub), &[a, b]) if a == iv => const_of(b).map(i64::wrapping_neg),
        _ => None,
    }?;
    Some((c, inc))
}

/// Item 7: the latch exit test `icmp eq/ne X, K` (`K` invariant) on a counter `j` (`X` is `j` or `j.next`) whose
/// only other use is its own increment, when another IV `i` of the header steps by the same constant: the test
/// becomes `icmp eq/ne Y, K + (start_i - start_j)` (`Y` = `i` resp. `i.next`, the new bound computed in the
/// preheader) and `j` is deleted. Exact: on every iteration `i - j = start_i - start_j` modulo 2^n (both step
/// by the same `c`), so `X == K` iff `Y == K + start_i - start_j`. `i`'s increment loses `nsw`/`nuw` (the test
/// now reads it on the exiting iteration, where it may wrap). One instruction less per iteration and one
/// register less through the loop.
fn merge_exit_iv(
    m: &mut Module,
    f: FuncId,
    li: &LoopInfo,
    l: LoopId,
    preds: &Preds,
    divergent: &mut SecondaryMap<Value, bool>,
) -> bool {
    let func = &m.funcs[f];
    let Some(ExitTest { pre, latch, cmp, side, x, k }) = latch_exit_test(func, li, l, preds) else { return false };
    let header = li.header(l);
    // Header phis with a constant step: (phi inst, value, start, next, step, increment).
    let mut ivs = Vec::new();
    for p in func.layout.block_insts(header) {
        if !func.dfg.inst(p).is_phi() {
            break;
        }
        let (Some(v), Some(start), Some(next)) = (
            func.dfg.result(p),
            crate::passes::util::phi_value_for(func, p, pre),
            crate::passes::util::phi_value_for(func, p, latch),
        ) else {
            continue;
        };
        if func.dfg.inst(p).args.len() != 2 || m.types.int_width(func.dfg.value_ty(v)).is_none() {
            continue;
        }
        if let Some((c, inc)) = const_step(m, func, v, next) {
            if func.layout.inst_block(inc).is_some_and(|b| li.contains(l, b)) {
                ivs.push((p, v, start, next, c, inc));
            }
        }
    }
    let Some(jpos) = ivs.iter().position(|e| e.1 == x || e.3 == x) else { return false };
    let (jphi, j, jstart, jnext, c, jinc) = ivs[jpos];
    let post = x == jnext;
    // `j` only feeds its increment (and the test), `j.next` only the phi (and the test).
    if !only_counts(func, cmp, jphi, j, jinc, jnext) {
        return false;
    }
    let ty = func.dfg.value_ty(j);
    // The partner: same type and step; its post-increment value must be available at the test.
    let order: FxHashMap<Inst, usize> = func.layout.block_insts(latch).enumerate().map(|(k, i)| (i, k)).collect();
    let Some(&(_, i, istart, inext, _, iinc)) = ivs.iter().find(|e| {
        e.1 != j
            && e.4 == c
            && func.dfg.value_ty(e.1) == ty
            && (!post
                || func.layout.inst_block(e.5) != Some(latch)
                || order.get(&e.5).is_some_and(|&p| p < order[&cmp]))
    }) else {
        return false;
    };
    let pre_term = func.terminator(pre).expect("loop_shape checked the preheader's terminator");
    let mut b = Builder {
        func: &mut m.funcs[f],
        types: &mut m.types,
        consts: &mut m.consts,
        at: InsertPoint::Before(pre_term),
    };
    let div = divergent[k] || divergent[istart] || divergent[jstart];
    let is_zero = |b: &Builder<'_>, v: Value| {
        b.func.dfg.value_const(v).is_some_and(|c| matches!(b.consts.data(c), ConstData::Int(_, ap) if ap.is_zero()))
    };
    let delta = if is_zero(&b, jstart) {
        istart
    } else {
        let d = b.binary(BinaryOp::Sub, istart, jstart);
        divergent.set(d, div);
        d
    };
    let new_k = if is_zero(&b, delta) {
        k
    } else {
        let v = b.binary(BinaryOp::Add, k, delta);
        divergent.set(v, div);
        v
    };
    let func = &mut m.funcs[f];
    func.dfg.set_arg(cmp, side, if post { inext } else { i });
    func.dfg.set_arg(cmp, 1 - side, new_k);
    func.dfg.flags_mut(iinc).0 &= !(Flags::NSW.0 | Flags::NUW.0);
    // Delete the dead counter: break the phi/increment cycle, then remove both.
    let jinc_pos = func.dfg.inst(jinc).args.iter().position(|&a| a == j).expect("increment reads j");
    func.dfg.set_arg(jinc, jinc_pos, jstart);
    func.remove_inst(jphi);
    func.remove_inst(jinc);
    true
}

/// Emits polynomials as instructions (in the preheader) in one integer type, sharing equal leaves and
/// polynomials.
struct Materializer {
    ty: Type,
    bits: u32,
    memo: FxHashMap<Poly, Value>,
    leaves: FxHashMap<Leaf, Value>,
}

impl Materializer {
    fn new(ty: Type, bits: u32) -> Materializer {
        Materializer { ty, bits, memo: FxHashMap::default(), leaves: FxHashMap::default() }
    }

    /// The constant `c` of the type (reduced modulo 2^bits).
    fn constant(&self, b: &mut Builder<'_>, c: i64) -> Value {
        let sh = 64 - self.bits;
        b.iconst(self.ty, i128::from((c << sh) >> sh))
    }

    fn leaf(&mut self, b: &mut Builder<'_>, lf: Leaf, divergent: &mut SecondaryMap<Value, bool>) -> Value {
        if let Some(&v) = self.leaves.get(&lf) {
            return v;
        }
        let ty = b.func.dfg.value_ty(lf.v);
        let w = b.types.int_width(ty).expect("integer leaf");
        let mut x = lf.v;
        if lf.shr > 0 {
            let k = b.iconst(ty, i128::from(lf.shr));
            x = b.binary(BinaryOp::LShr, x, k);
            divergent.set(x, divergent[lf.v]);
        }
        let v = match lf.ext {
            _ if w >= self.bits => x,
            Ext::Sext => b.cast(CastOp::SExt, x, self.ty),
            Ext::Zext | Ext::None => b.cast(CastOp::ZExt, x, self.ty),
        };
        divergent.set(v, divergent[lf.v]);
        self.leaves.insert(lf, v);
        v
    }

    fn poly(&mut self, b: &mut Builder<'_>, p: &Poly, divergent: &mut SecondaryMap<Value, bool>) -> Value {
        if let Some(c) = p.as_const() {
            return self.constant(b, c);
        }
        if let Some(&v) = self.memo.get(p) {
            return v;
        }
        let mut sum: Option<Value> = None;
        let mut constant = 0i64;
        for (leaves, c) in p.terms() {
            if leaves.is_empty() {
                constant = *c;
                continue;
            }
            let mut prod: Option<Value> = None;
            for &lf in leaves {
                let x = self.leaf(b, lf, divergent);
                prod = Some(match prod {
                    None => x,
                    Some(y) => self.op(b, BinaryOp::Mul, y, x, divergent),
                });
            }
            let mut t = prod.expect("a term with leaves");
            if *c != 1 {
                t = if *c > 0 && c.count_ones() == 1 {
                    let k = self.constant(b, i64::from(c.trailing_zeros()));
                    self.op(b, BinaryOp::Shl, t, k, divergent)
                } else {
                    let k = self.constant(b, *c);
                    self.op(b, BinaryOp::Mul, t, k, divergent)
                };
            }
            sum = Some(match sum {
                None => t,
                Some(s) => self.op(b, BinaryOp::Add, s, t, divergent),
            });
        }
        let mut v = sum.expect("a non-constant polynomial has a term with leaves");
        if constant != 0 {
            let k = self.constant(b, constant);
            v = self.op(b, BinaryOp::Add, v, k, divergent);
        }
        self.memo.insert(p.clone(), v);
        v
    }

    fn op(
        &mut self,
        b: &mut Builder<'_>,
        op: BinaryOp,
        x: Value,
        y: Value,
        divergent: &mut SecondaryMap<Value, bool>,
    ) -> Value {
        let v = b.binary(op, x, y);
        divergent.set(v, divergent[x] || divergent[y]);
        v
    }
}

/// Deletes the replaced roots and the pure computations only they used.
fn delete_dead(func: &mut Function, roots: Vec<Inst>) {
    let mut work = roots;
    while let Some(i) = work.pop() {
        if func.layout.inst_block(i).is_none() {
            continue;
        }
        let d = func.dfg.inst(i);
        let pure = match &d.kind {
            InstKind::Binary(op) => !op.can_trap(),
            InstKind::Cast(_) | InstKind::Gep { .. } | InstKind::ICmp(_) | InstKind::Select => true,
            _ => false,
        };
        if !pure || func.dfg.result(i).is_some_and(|r| func.dfg.has_uses(r)) {
            continue;
        }
        let args: Vec<Value> = d.args.to_vec();
        func.dfg.clear_args(i);
        func.remove_inst(i);
        work.extend(args.into_iter().filter_map(|a| func.dfg.value_inst(a)));
    }
}

/// Deletes header phis whose only use is their own increment, which has no other use.
fn delete_dead_ivs(func: &mut Function, header: Block, latch: Block) {
    let phis: Vec<Inst> = func.layout.block_insts(header).take_while(|&i| func.dfg.inst(i).is_phi()).collect();
    for phi in phis {
        let Some(v) = func.dfg.result(phi) else {
            continue;
        };
        let Some(next) = crate::passes::util::phi_value_for(func, phi, latch) else {
            continue;
        };
        let Some(ni) = func.dfg.value_inst(next) else {
            continue;
        };
        if ni == phi || !matches!(func.dfg.inst(ni).kind, InstKind::Binary(_)) {
            continue;
        }
        let v_only_next = func.dfg.uses(v).iter().all(|u| u.inst == ni);
        let next_only_phi = func.dfg.uses(next).iter().all(|u| u.inst == phi);
        if v_only_next && next_only_phi {
            func.dfg.clear_args(phi);
            func.dfg.clear_args(ni);
            func.remove_inst(ni);
            func.remove_inst(phi);
        }
    }
}
