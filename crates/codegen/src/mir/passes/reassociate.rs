//! `reassociate`: expression reassociation and windowed local commoning on SSA MIR (seed 002, ptxas phase 50
//! "OriReassociateAndCommon").
//!
//! **Distribution** (first, one forward walk): constant offsets are moved outward so they reach the top of
//! address trees — a zero- or sign-extension of a *disjoint* `or` (`x | k` with `k` below `x`'s known trailing
//! zero bits, i.e. `x + k` without carry or overflow) becomes the extension of `x` plus `k`, and `shl`/`mul.lo`
//! by a constant of a single-use `y + k` becomes `(y shl s) + (k << s)`; both are exact modulo 2^n and neither
//! adds an instruction (the `or` or the add it replaces dies). A register product `(y + k) * z` (the `y + k`
//! single-use) after an unguarded `y * z` in the same block becomes `y * z + k * z` on that product — `add` for
//! `k = 1`, `sub` for `k = -1`, `mad.lo z, k, p` otherwise — one instruction instead of the add and the
//! multiply, and one live value fewer: a thread's range `[i * n, (i + 1) * n)` is `[p, p + n)` (llc's DAG
//! combiner does the same; HeCBench atomicCost: 41 -> 40 SASS, llc-19 40). Without such a product, `(y + 1) * z`
//! becomes `mad.lo y, z, z` (one instruction instead of two, as llc folds it).
//!
//! **Normalization.** A *tree* is a maximal set of unguarded instructions of one associative class — integer
//! `add.T` (with `sub.T` folded in as an add of a negated operand), `mul.lo.T`, and `and`/`or`/`xor` on bit
//! types (`.pred` included) — connected through *interior* values: a register whose single use is another node of
//! the same class (same opcode family and type) in the same block. The root is a node whose result is not
//! interior; interior nodes are deleted and the root is rebuilt from the tree's leaves (the seed's leaf rule:
//! an operand defined by a different opcode, a constant, a value from another block, or a value with several
//! uses — pulling it in would duplicate work). One exception to the last rule: a 64-bit add tree whose result is
//! used only as the base of memory operands looks through a shared `x + k` (taking `x` and `k` as leaves):
//! the constant ends in the rebuilt tree's final `+ c`, which the address operand absorbs (`[%rd+c]`, the
//! `peephole`), so nothing is duplicated — llc's address-mode matching does the same. A `sub` joins a tree as an interior node only when its one use
//! is an add or sub of the tree (seed: "SUB rewriting only when all uses are associative adds"); its second
//! operand becomes a negated leaf. Negated leaves are rebuilt as `sub`s after the positive ones, so no `neg` is
//! ever materialized and a standalone `a - b` (two leaves) is left as it is.
//!
//! The leaves are sorted canonically: registers by definition order (the function's value numbers: an SSA
//! register's definition point in layout order), positive before negated ones, and constants last, folded
//! into one (sum, product, and, or, xor in the type's width, wrapping). Identities vanish (`+0`, `*1`, `&-1`,
//! `|0`, `^0`), absorbing constants (`*0`, `&0`, `|-1`) make the root a constant move, `x & x` / `x | x` keep one
//! `x`, and `x ^ x` and `x - x` cancel (`n - (n - q*d)`, what a remainder leaves under `n - n % d`, is `q*d`).
//! The root is rebuilt left-leaning, `((l0 op l1) op l2) op ... op c`, with fresh
//! registers for the partial results: two trees with the same leaf multiset get the same prefixes, whatever
//! their original nesting, which is what lets `(a+b)+c` and `(a+c)+b` meet. A tree whose leaves are all negated
//! is left alone (rebuilding it would need a `neg`), as is one whose canonical form it already has, and one with
//! at most two leaves (the seed: nothing to reassociate; `gvn-cse` sorts commutative operands itself). The
//! rebuilt tree never has more instructions than the original.
//!
//! **Placement.** The root's instruction stays where the root was. A partial result that is the last use of
//! both its operands (leaves whose one use is a node of the tree, or the previous partial result) is placed
//! right after the later of their definitions in the block, so an accumulator chain `acc ^ t1 ^ t2 ^ ...`
//! whose terms the rebuild reordered still folds each term in as soon as it exists: rebuilt at the root, every
//! term stayed live down to it (crs's `gcrs_*_coding_dotprod`, four 64-bit accumulators of five terms each: 40
//! registers against llc's 32, and 32 with the placement). Other partial results go to the root: computing
//! them early would lengthen their own live range and shorten nothing, or no more than it lengthens.
//!
//! Exactness: PTX integer `add`/`sub`/`mul.lo` wrap modulo 2^n on every integer type and the bitwise operations
//! are exact, so every reordering gives the same bits. Floating-point operations are never reassociated (their
//! rounding makes the order observable); `mul.hi`/`mul.wide`, saturating and carry forms are not in any class.
//!
//! **Commoning.** Then, in each block, a hash table keyed by opcode, sources (renamed to their leaders;
//! commutative operands sorted), guard and class commons pure single-destination instructions (the rebuilt
//! partial sums above all) with an equal one at most `ReassociateCSEWindow` instructions earlier; entries older
//! than the window are evicted, so the table holds at most the window's worth. The later instruction is deleted
//! and its uses renamed to the earlier register, which dominates them (same block, earlier; SSA).
//!
//! No commoning in a function near the register limit: where the estimated peak register pressure
//! ([`super::remat::peak_pressure`], 32-bit registers live at any point) reaches `ReassociateCSEMaxPressure`
//! (default 128), a reuse of an earlier value in place of its recomputation lengthens that value's live range
//! for one cheap instruction saved, and there registers are what ptxas runs out of: sw4ck's stencil `kernel3`
//! spilled 16 bytes at 254 registers with the commoning and none without (the five sw4ck kernels, the CUB
//! radix sorts of logic-rewrite and sort: 26 SASS instructions fewer in all; nothing else in HeCBench changed).
//! The reassociation itself stays (it only reorders a tree and places its partial results no earlier than
//! before, see *Placement*).
//!
//! Knobs (seed 002 names): `AllowReassociateCSE` (false: normalize only, no commoning),
//! `ReassociateCSEBudget` (most trees rebuilt per function), `ReassociateCSEWindow` (the commoning window, in
//! instructions), `ReassociateCSESkip` (leave the first N candidate roots alone: bisection aid); simtc's
//! `ReassociateCSEMaxPressure` (above).
//! `ReassociateLargeImmInUIADD64` does not apply (PTX `add.u64` takes any 64-bit immediate; the SASS encoding
//! limit it works around is ptxas's business) and `DistributeAndReassociateMulBudget` (a*b + a*c → a*(b+c)) is
//! not implemented.
//!
//! Cost: one numbering walk, one walk over the instructions visiting each node of a tree once (trees are
//! disjoint), an O(k log k) sort per tree of k leaves, and one windowed hash pass: O(n log n) at worst, linear
//! in practice, never quadratic in the function size.

use crate::mir::{MBlock, MFunction, MInst, Mod, OpKind, Opcode, Operand, Reg, RegClass};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::collections::VecDeque;

/// Master enable of the commoning step.
pub const ALLOW_CSE_KNOB: &str = "AllowReassociateCSE";
/// Most trees rebuilt per function.
pub const BUDGET_KNOB: &str = "ReassociateCSEBudget";
/// Commoning window in instructions.
pub const WINDOW_KNOB: &str = "ReassociateCSEWindow";
/// Candidate roots to skip first.
pub const SKIP_KNOB: &str = "ReassociateCSESkip";
/// The estimated peak register pressure from which no commoning is done.
pub const MAX_PRESSURE_KNOB: &str = "ReassociateCSEMaxPressure";

/// Settings of one run (from the knobs).
#[derive(Copy, Clone, Debug)]
pub struct Config {
    /// Run the windowed commoning.
    pub allow_cse: bool,
    /// Most trees rebuilt (negative: unlimited).
    pub budget: i64,
    /// Commoning window (instructions).
    pub window: usize,
    /// Candidate roots left alone before the first rebuild.
    pub skip: usize,
    /// No commoning where the estimated peak register pressure reaches this (0: no limit).
    pub max_pressure: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config { allow_cse: true, budget: -1, window: 64, skip: 0, max_pressure: 128 }
    }
}

/// What the pass did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Trees rebuilt.
    pub rebuilt: usize,
    /// Instructions the rebuilds removed (interior nodes plus folded constants).
    pub removed: usize,
    /// Constant offsets pulled out of an extension or a scaling.
    pub distributed: usize,
    /// Instructions commoned away.
    pub commoned: usize,
}

/// An associative class.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Assoc {
    Add,
    Mul,
    And,
    Or,
    Xor,
}

/// A node's class — the operation and a canonical type: `add`/`sub`/`mul.lo` on `.sN`, `.uN` and `.bN` wrap
/// identically, so they share the class `.sN` — and whether it is a `sub` (an add whose second operand is
/// negated).
fn classify(i: &MInst) -> Option<(Assoc, Mod, bool)> {
    let (a, t, sub) = classify_typed(i)?;
    let canon = match (a, t.type_bits()) {
        (Assoc::Add | Assoc::Mul, Some(bits)) => crate::mir::int_ty('s', bits).unwrap_or(t),
        _ => t,
    };
    Some((a, canon, sub))
}

/// [`classify`] with the instruction's own type.
fn classify_typed(i: &MInst) -> Option<(Assoc, Mod, bool)> {
    if i.guard.is_some() || i.srcs.len() != 2 || !matches!(i.dsts.as_slice(), [Operand::Reg(_)]) {
        return None;
    }
    let int = |t: Mod| t.is_type() && !t.is_float() && t != Mod::Pred && t != Mod::B128 && t.type_bits().is_some();
    let bit = |t: Mod| matches!(t, Mod::Pred | Mod::B16 | Mod::B32 | Mod::B64);
    match (i.op.kind, i.op.mods.as_slice()) {
        (OpKind::Add, [t]) if int(*t) => Some((Assoc::Add, *t, false)),
        (OpKind::Sub, [t]) if int(*t) => Some((Assoc::Add, *t, true)),
        (OpKind::Mul, [Mod::Lo, t]) if int(*t) => Some((Assoc::Mul, *t, false)),
        (OpKind::And, [t]) if bit(*t) => Some((Assoc::And, *t, false)),
        (OpKind::Or, [t]) if bit(*t) => Some((Assoc::Or, *t, false)),
        (OpKind::Xor, [t]) if bit(*t) => Some((Assoc::Xor, *t, false)),
        _ => None,
    }
}

/// `v` reduced to `bits` and sign-extended (the spelling isel uses: `-1`, not `4294967295`).
fn norm(v: i64, bits: u32) -> i64 {
    if bits >= 64 {
        v
    } else {
        let sh = 64 - bits;
        (v << sh) >> sh
    }
}

/// A leaf: a register (with its definition rank) or a constant, and whether it is negated (add trees only).
#[derive(Clone, Debug)]
struct Leaf {
    op: Operand,
    neg: bool,
}

/// `r = add.T x, k`: `(x, k, class)`.
type AddConst = (Reg, i64, (Assoc, Mod));

/// The per-function facts the normalization needs.
struct Facts {
    /// Definition rank (layout order) of each register; registers without a definition rank 0.
    rank: Vec<u32>,
    /// Use count of each register (sources and guards).
    uses: Vec<u32>,
    /// Definition site `(block, index)` of each register (SSA: at most one).
    def: Vec<Option<(u32, u32)>>,
    /// The user `(block, index)` of a single-use register.
    user: Vec<Option<(u32, u32)>>,
    /// `r = add.T x, k` (unguarded, immediate `k`): `(x, k, class)`.
    addk: Vec<Option<AddConst>>,
    /// Every use of `r` is the base of a memory operand (`[%r+k]` of a load, store, atomic or reduction).
    addr_only: Vec<bool>,
}

impl Facts {
    fn compute(f: &MFunction) -> Facts {
        let n = f.regs.len();
        let mut fx = Facts {
            rank: vec![0; n],
            uses: vec![0; n],
            def: vec![None; n],
            user: vec![None; n],
            addk: vec![None; n],
            addr_only: vec![true; n],
        };
        let mut next = 1u32;
        for &b in &f.order {
            for (k, i) in f.block(b).insts.iter().enumerate() {
                let mem = matches!(i.kind(), OpKind::Ld | OpKind::St | OpKind::Atom | OpKind::Red);
                for s in &i.srcs {
                    let base = match s {
                        Operand::Addr(inner, _) => inner.reg(),
                        _ => None,
                    };
                    let mut rs: SmallVec<[Reg; 4]> = SmallVec::new();
                    s.regs(&mut rs);
                    for r in rs {
                        if !(mem && base == Some(r)) {
                            fx.addr_only[r.0 as usize] = false;
                        }
                    }
                }
                if let Some((g, _)) = i.guard {
                    fx.addr_only[g.0 as usize] = false;
                }
                if let (Some((a, t, false)), [Operand::Reg(x), Operand::Imm(c)]) = (classify(i), i.srcs.as_slice()) {
                    if a == Assoc::Add {
                        let d = i.dsts[0].reg().expect("register destination");
                        fx.addk[d.0 as usize] = Some((*x, *c, (a, t)));
                    }
                }
                for r in i.uses() {
                    fx.uses[r.0 as usize] += 1;
                    fx.user[r.0 as usize] = Some((b.0, k as u32));
                }
                for r in i.defs() {
                    fx.rank[r.0 as usize] = next;
                    fx.def[r.0 as usize] = Some((b.0, k as u32));
                    next += 1;
                }
            }
        }
        fx
    }
}

/// A tree found at a root: its leaves, its interior node indices in the block, and its original left-chain
/// shape (`None` when the tree is not a left chain).
struct Tree {
    class: (Assoc, Mod),
    /// The root's own type (the rebuilt instructions use it).
    ty: Mod,
    leaves: Vec<Leaf>,
    interior: Vec<u32>,
    chain: Option<Vec<(Opcode, Option<Operand>, Operand)>>,
}

/// Whether register `r` is interior to a tree of `class` in block `b`.
fn interior(f: &MFunction, fx: &Facts, b: u32, r: Reg, class: (Assoc, Mod)) -> bool {
    let ri = r.0 as usize;
    if fx.uses[ri] != 1 {
        return false;
    }
    let (Some((db, dk)), Some((ub, uk))) = (fx.def[ri], fx.user[ri]) else { return false };
    if db != b || ub != b {
        return false;
    }
    let insts = &f.blocks[b as usize].insts;
    let (Some(d), Some(u)) = (classify(&insts[dk as usize]), classify(&insts[uk as usize])) else { return false };
    // The user must read `r` as a source (not only as a guard, which classify excludes anyway).
    (d.0, d.1) == class && (u.0, u.1) == class
}

/// Whether an address tree may take `r = x + k` apart into the leaves `x` and `k`: `r` is such an add of the
/// tree's class, and `x` survives the pass. An `x` whose single use is `r` in `r`'s block is interior to the tree
/// rooted at `r` (or above it), which the rebuild may delete: reading it elsewhere would read a register that is
/// no longer defined (tridiagonal's shared-array offsets `((s + 4n) + 4) + 4n + 4` did).
fn looks_through(f: &MFunction, fx: &Facts, r: Reg, class: (Assoc, Mod)) -> bool {
    let Some((x, _, c)) = fx.addk[r.0 as usize] else { return false };
    if c != class {
        return false;
    }
    match fx.def[x.0 as usize] {
        Some((db, dk)) => match classify(&f.blocks[db as usize].insts[dk as usize]) {
            Some((a, t, _)) => !interior(f, fx, db, x, (a, t)),
            None => true,
        },
        None => true,
    }
}

fn collect(f: &MFunction, fx: &Facts, b: u32, root: u32) -> Option<Tree> {
    let insts = &f.blocks[b as usize].insts;
    let (assoc, ty, _) = classify(&insts[root as usize])?;
    let class = (assoc, ty);
    // A tree used only as memory addresses may look through a shared `x + k`: the constant lands in the
    // rebuilt tree's final offset, which the address operand absorbs (`[base+x+k]`), so nothing is duplicated.
    let root_reg = insts[root as usize].dsts[0].reg().expect("register destination");
    let address =
        assoc == Assoc::Add && ty == Mod::S64 && fx.addr_only[root_reg.0 as usize] && fx.uses[root_reg.0 as usize] > 0;
    let mut leaves = Vec::new();
    let mut interior_nodes = Vec::new();
    let mut stack: Vec<(u32, bool)> = vec![(root, false)];
    while let Some((k, neg)) = stack.pop() {
        let i = &insts[k as usize];
        let sub = classify(i).is_some_and(|c| c.2);
        for (s, o) in i.srcs.iter().enumerate() {
            let n = neg ^ (sub && s == 1);
            match o {
                Operand::Reg(r) if interior(f, fx, b, *r, class) => {
                    let (_, dk) = fx.def[r.0 as usize].expect("interior registers have a definition");
                    interior_nodes.push(dk);
                    stack.push((dk, n));
                }
                Operand::Reg(r) if address && looks_through(f, fx, *r, class) => {
                    let (x, c, _) = fx.addk[r.0 as usize].expect("checked");
                    leaves.push(Leaf { op: Operand::Reg(x), neg: n });
                    leaves.push(Leaf { op: Operand::Imm(c), neg: n });
                }
                Operand::Reg(_) => leaves.push(Leaf { op: o.clone(), neg: n }),
                Operand::Imm(_) if ty != Mod::Pred => leaves.push(Leaf { op: o.clone(), neg: n }),
                _ => return None,
            }
        }
    }
    // The original shape, when it is a left chain (interior only on the first source).
    let is_int = |o: &Operand| matches!(o, Operand::Reg(r) if interior(f, fx, b, *r, class));
    let mut chain = Some(Vec::new());
    let mut k = root;
    loop {
        let i = &insts[k as usize];
        if is_int(&i.srcs[1]) {
            chain = None;
            break;
        }
        let c = chain.as_mut().expect("chain");
        if is_int(&i.srcs[0]) {
            c.push((i.op.clone(), None, i.srcs[1].clone()));
            let r = i.srcs[0].reg().expect("register");
            k = fx.def[r.0 as usize].expect("definition").1;
        } else {
            c.push((i.op.clone(), Some(i.srcs[0].clone()), i.srcs[1].clone()));
            break;
        }
    }
    if let Some(c) = &mut chain {
        c.reverse();
    }
    let ty = classify_typed(&insts[root as usize])?.1;
    Some(Tree { class, ty, leaves, interior: interior_nodes, chain })
}

/// The canonical rebuild of a tree: the instruction shapes (first source only on the first one), or a single
/// operand the root becomes a copy of. `None`: leave the tree alone.
enum Rebuilt {
    Ops(Vec<(Opcode, Option<Operand>, Operand)>),
    Value(Operand),
}

fn rebuild(t: &Tree, fx: &Facts) -> Option<Rebuilt> {
    let (assoc, ty) = (t.class.0, t.ty);
    let bits = ty.type_bits().unwrap_or(64);
    let ones = norm(-1, bits);
    let (identity, absorbing) = match assoc {
        Assoc::Add | Assoc::Or | Assoc::Xor => (0, if assoc == Assoc::Or { Some(ones) } else { None }),
        Assoc::Mul => (1, Some(0)),
        Assoc::And => (ones, Some(0)),
    };
    let mut c = identity;
    let mut regs: Vec<(bool, u32, Operand)> = Vec::new();
    for l in &t.leaves {
        match &l.op {
            Operand::Imm(v) => {
                let v = norm(*v, bits);
                c = norm(
                    match assoc {
                        Assoc::Add if l.neg => c.wrapping_sub(v),
                        Assoc::Add => c.wrapping_add(v),
                        Assoc::Mul => c.wrapping_mul(v),
                        Assoc::And => c & v,
                        Assoc::Or => c | v,
                        Assoc::Xor => c ^ v,
                    },
                    bits,
                );
            }
            Operand::Reg(r) => regs.push((l.neg, fx.rank[r.0 as usize], l.op.clone())),
            _ => return None,
        }
    }
    if absorbing == Some(c) {
        return Some(Rebuilt::Value(Operand::Imm(c)));
    }
    regs.sort_by_key(|(neg, rank, o)| (*neg, *rank, o.reg().map_or(0, |r| r.0)));
    match assoc {
        Assoc::And | Assoc::Or => regs.dedup_by(|a, b| a.2 == b.2),
        Assoc::Xor => {
            // x ^ x cancels: drop equal pairs.
            let mut out: Vec<(bool, u32, Operand)> = Vec::with_capacity(regs.len());
            for r in regs {
                if out.last().is_some_and(|l| l.2 == r.2) {
                    out.pop();
                } else {
                    out.push(r);
                }
            }
            regs = out;
        }
        Assoc::Add => {
            // x - x cancels: each negated leaf removes a positive one of the same register (the positive
            // leaves come first, sorted by rank and register, so a binary search finds a partner).
            let order = |r: &(bool, u32, Operand)| (r.1, r.2.reg().map_or(0, |x| x.0));
            let npos = regs.iter().take_while(|r| !r.0).count();
            let mut gone = vec![false; regs.len()];
            for j in npos..regs.len() {
                let pos = &regs[..npos];
                let mut i = pos.partition_point(|r| order(r) < order(&regs[j]));
                while i < npos && pos[i].2 == regs[j].2 && gone[i] {
                    i += 1;
                }
                if i < npos && pos[i].2 == regs[j].2 {
                    gone[i] = true;
                    gone[j] = true;
                }
            }
            if gone.iter().any(|g| *g) {
                let mut k = 0;
                regs.retain(|_| {
                    k += 1;
                    !gone[k - 1]
                });
            }
        }
        _ => {}
    }
    let Some(first) = regs.first() else { return Some(Rebuilt::Value(Operand::Imm(c))) };
    if first.0 {
        return None; // every register leaf negated: would need a neg
    }
    let plain = match assoc {
        Assoc::Add => Opcode::new(OpKind::Add, &[ty]),
        Assoc::Mul => Opcode::new(OpKind::Mul, &[Mod::Lo, ty]),
        Assoc::And => Opcode::new(OpKind::And, &[ty]),
        Assoc::Or => Opcode::new(OpKind::Or, &[ty]),
        Assoc::Xor => Opcode::new(OpKind::Xor, &[ty]),
    };
    let sub = Opcode::new(OpKind::Sub, &[ty]);
    let mut acc: Option<Operand> = Some(first.2.clone());
    let mut ops = Vec::new();
    let mut push = |op: Opcode, x: Operand, acc: &mut Option<Operand>| ops.push((op, acc.take(), x));
    for (neg, _, o) in &regs[1..] {
        push(if *neg { sub.clone() } else { plain.clone() }, o.clone(), &mut acc);
    }
    if c != identity {
        // Keep the original spelling `sub x, k` of a final constant when it is `+(-k)`.
        let as_sub = match t.chain.as_ref().and_then(|ch| ch.last()) {
            Some((op, _, Operand::Imm(k))) if assoc == Assoc::Add && op.kind == OpKind::Sub => {
                norm(k.wrapping_neg(), bits) == c
            }
            _ => false,
        };
        if as_sub {
            push(sub, Operand::Imm(norm(c.wrapping_neg(), bits)), &mut acc);
        } else {
            push(plain, Operand::Imm(c), &mut acc);
        }
    }
    if ops.is_empty() {
        return Some(Rebuilt::Value(first.2.clone()));
    }
    if t.chain.as_ref() == Some(&ops) {
        return None; // already canonical
    }
    Some(Rebuilt::Ops(ops))
}

/// Runs the pass; returns what it did.
pub fn run(f: &mut MFunction, cfg: Config) -> Stats {
    let mut st = Stats { distributed: distribute(f), ..Stats::default() };
    normalize(f, cfg, &mut st);
    if cfg.allow_cse && cfg.window > 0 && !super::remat::crowded(f, cfg.max_pressure) {
        st.commoned = common(f, cfg.window);
    }
    st
}

fn normalize(f: &mut MFunction, cfg: Config, st: &mut Stats) {
    let fx = Facts::compute(f);
    let mut candidates = 0usize;
    for b in f.order.clone() {
        let bi = b.0;
        // Plan the block: rebuilt instructions with the old index each goes before; roots and interior
        // indices → deleted.
        let mut plans: Vec<(u32, MInst)> = Vec::new();
        let mut dead: Vec<u32> = Vec::new();
        let n = f.block(b).insts.len() as u32;
        let phis = f.block(b).insts.iter().take_while(|i| i.is_phi()).count() as u32;
        for k in 0..n {
            if cfg.budget >= 0 && st.rebuilt as i64 >= cfg.budget {
                break;
            }
            let i = &f.block(b).insts[k as usize];
            let Some((assoc, ty, _)) = classify(i) else { continue };
            let d = i.dsts[0].reg().expect("register destination");
            if interior(f, &fx, bi, d, (assoc, ty)) {
                continue; // part of a larger tree
            }
            let Some(tree) = collect(f, &fx, bi, k) else { continue };
            if tree.leaves.len() <= 2 {
                continue;
            }
            candidates += 1;
            if candidates <= cfg.skip {
                continue;
            }
            let Some(new) = rebuild(&tree, &fx) else { continue };
            let root = f.block(b).insts[k as usize].clone();
            let class = f.class(d);
            let before = tree.interior.len() + 1;
            let insts = materialize(f, &root, class, new);
            st.rebuilt += 1;
            st.removed += before.saturating_sub(insts.len());
            place(&fx, bi, (k, &tree.interior), phis, insts, &mut plans);
            dead.push(k);
            dead.extend(tree.interior.iter().copied());
        }
        if plans.is_empty() {
            continue;
        }
        apply(f, b, plans, dead);
    }
}

/// Schedules a rebuilt tree rooted at index `root` of block `bi`, its interior nodes at `nodes` (module doc,
/// "Placement"). The root's own instruction stays where the root was. A partial result that is the last use of
/// both its operands (leaves of one use, or the previous partial result) goes right after the later of their
/// definitions in the block (after the block's `phis` phis when both come from above): two values die where one
/// is born, instead of both staying live down to the root (an accumulator chain `acc ^ t1 ^ t2 ...` keeps one
/// value live, not every term). Any other partial result goes to the root (computing it early would lengthen its
/// own live range and shorten nothing, or as much as it lengthens). The order of the chain is kept (an
/// instruction never goes before its accumulator's). Old definition indices are valid bounds: a definition that
/// moves (another tree's root) only moves up. Cost: O(k log k) for a tree of k nodes.
fn place(
    fx: &Facts,
    bi: u32,
    (root, nodes): (u32, &[u32]),
    phis: u32,
    insts: Vec<MInst>,
    plans: &mut Vec<(u32, MInst)>,
) {
    let mut at = phis;
    let mut new_defs: FxHashMap<Reg, u32> = FxHashMap::default();
    let mut nodes: SmallVec<[u32; 8]> = nodes.into();
    nodes.sort_unstable();
    let last = insts.len().saturating_sub(1);
    for (n, i) in insts.into_iter().enumerate() {
        let mut dying = 0;
        for r in i.uses() {
            if let Some(&p) = new_defs.get(&r) {
                at = at.max(p);
                dying += 1;
                continue;
            }
            // A leaf dies here when its one use is a node of this tree (not the `x + k` an address tree looked
            // through, which stays).
            let ri = r.0 as usize;
            dying += u32::from(
                fx.uses.get(ri) == Some(&1)
                    && fx.user[ri].is_some_and(|(ub, uk)| ub == bi && (uk == root || nodes.binary_search(&uk).is_ok())),
            );
            if let Some((db, dk)) = fx.def.get(r.0 as usize).copied().flatten() {
                if db == bi {
                    at = at.max(dk + 1);
                }
            }
        }
        if n == last || dying < 2 {
            at = root;
        }
        if let Some(d) = i.dsts.first().and_then(Operand::reg) {
            new_defs.insert(d, at);
        }
        plans.push((at, i));
    }
}

/// The instructions computing `root`'s destination from the rebuilt shape.
fn materialize(f: &mut MFunction, root: &MInst, class: RegClass, new: Rebuilt) -> Vec<MInst> {
    let d = root.dsts[0].reg().expect("register destination");
    let mk = |mut i: MInst| {
        i.loc = root.loc;
        i
    };
    match new {
        Rebuilt::Value(v) => vec![mk(MInst::copy(class, d, v))],
        Rebuilt::Ops(ops) => {
            let last = ops.len() - 1;
            let mut out = Vec::with_capacity(ops.len());
            let mut acc: Option<Operand> = None;
            let mut uniform = true;
            for (k, (op, first, x)) in ops.into_iter().enumerate() {
                let a = first.or(acc.take()).expect("accumulator");
                for o in [&a, &x] {
                    if let Operand::Reg(r) = o {
                        uniform &= f.is_uniform(*r);
                    }
                }
                let dst = if k == last { d } else { f.new_reg(class) };
                if k != last {
                    f.uniform[dst.0 as usize] = uniform;
                }
                out.push(mk(MInst::new(op, &[Operand::Reg(dst)], &[a, x])));
                acc = Some(Operand::Reg(dst));
            }
            out
        }
    }
}

/// Replaces the planned roots and deletes the interior nodes of block `b`.
fn apply(f: &mut MFunction, b: MBlock, mut plans: Vec<(u32, MInst)>, mut dead: Vec<u32>) {
    // Stable: the instructions of one tree, and of trees planned in block order, keep their order at a position.
    plans.sort_by_key(|p| p.0);
    dead.sort_unstable();
    let old = std::mem::take(&mut f.block_mut(b).insts);
    let mut out = Vec::with_capacity(old.len() + plans.len());
    let mut d = 0usize;
    let mut plans = plans.into_iter().peekable();
    for (k, i) in old.into_iter().enumerate() {
        let k = k as u32;
        while let Some((_, p)) = plans.next_if(|pl| pl.0 <= k) {
            out.push(p);
        }
        while d < dead.len() && dead[d] < k {
            d += 1;
        }
        if d < dead.len() && dead[d] == k {
            continue;
        }
        out.push(i);
    }
    out.extend(plans.map(|p| p.1));
    f.block_mut(b).insts = out;
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    op: Opcode,
    srcs: SmallVec<[Operand; 3]>,
    guard: Option<(Reg, bool)>,
    class: RegClass,
}

/// Known trailing zero bits of each 32-bit register (`shl` by a constant, `mul.lo` / `and` with a constant).
fn trailing_zeros(f: &MFunction) -> Vec<u32> {
    let mut tz = vec![0u32; f.regs.len()];
    for &b in &f.order {
        for i in &f.block(b).insts {
            let (Some(Operand::Reg(d)), None) = (i.dsts.first(), i.guard) else { continue };
            let z = match (i.op.kind, i.op.mods.as_slice(), i.srcs.as_slice()) {
                (OpKind::Shl, [Mod::B32], [_, Operand::Imm(s)]) if (0..32).contains(s) => *s as u32,
                (OpKind::Mul, [Mod::Lo, Mod::S32 | Mod::U32], [_, Operand::Imm(c)])
                | (OpKind::And, [Mod::B32], [_, Operand::Imm(c)])
                    if *c != 0 =>
                {
                    (*c as u32).trailing_zeros()
                }
                _ => 0,
            };
            tz[d.0 as usize] = z;
        }
    }
    tz
}

/// Pulls constant offsets outward so they reach the top of address trees, where they fold into the memory
/// operand (`[%rd+16]`) and the rest is commoned. Exact rewrites only:
/// - `cvt.u64.u32 %t, %o` / `cvt.s64.s32` with `%o = or.b32 %x, k` *disjoint* (`0 <= k < 2^z` where `%x` has
///   `z` known trailing zero bits, so `x | k = x + k` without carry, unsigned or signed overflow) and used only
///   there becomes `%w = cvt %x; %t = add.s64 %w, k`;
/// - `shl.bN %d, %t, s` / `mul.lo.T %d, %t, c` with `%t = add.T %y, k` used only there becomes
///   `%v = shl %y, s; %d = add %v, k << s` (resp. `k * c`): multiplication distributes over addition modulo 2^n.
///
/// One forward walk; returns the number of rewrites.
fn distribute(f: &mut MFunction) -> usize {
    let n = f.regs.len();
    let tz = trailing_zeros(f);
    let uses = f.read_counts();
    // or_disjoint[r] = (x, k) for `r = or.b32 x, k` with k below x's known zero bits.
    let mut or_disjoint: Vec<Option<(Reg, i64)>> = vec![None; n];
    for &b in &f.order {
        for i in &f.block(b).insts {
            if let (OpKind::Or, [Mod::B32], [Operand::Reg(x), Operand::Imm(k)], None, [Operand::Reg(d)]) =
                (i.op.kind, i.op.mods.as_slice(), i.srcs.as_slice(), i.guard, i.dsts.as_slice())
            {
                if *k >= 0 && (tz[x.0 as usize] >= 32 || *k < (1i64 << tz[x.0 as usize])) {
                    or_disjoint[d.0 as usize] = Some((*x, *k));
                }
            }
        }
    }
    // add_const[r] = (y, k, type) for `r = add.T y, k` (original or created here).
    let mut add_const: Vec<Option<(Reg, i64, Mod)>> = vec![None; n];
    let mut count = 0;
    for b in f.order.clone() {
        // A block without a widening cvt or a shift/multiply by a constant only records its `add`s: no rebuild
        // (moving every instruction of every block was most of this pass's time).
        let may_rewrite = f.block(b).insts.iter().any(|i| {
            i.guard.is_none()
                && matches!(
                    (i.op.kind, i.srcs.as_slice()),
                    (OpKind::Cvt, [Operand::Reg(_)])
                        | (OpKind::Shl | OpKind::Mul, [Operand::Reg(_), Operand::Imm(_)])
                        | (OpKind::Mul, [Operand::Reg(_), Operand::Reg(_)])
                )
        });
        if !may_rewrite {
            for (d, c) in f.block(b).insts.iter().filter_map(add_of_const) {
                add_const[d.0 as usize] = Some(c);
            }
            continue;
        }
        let old = std::mem::take(&mut f.block_mut(b).insts);
        let mut out = Vec::with_capacity(old.len());
        // Register products `mul.lo.T p, y, z` of this block so far: ((T, y, z) sorted, p).
        let mut products: FxHashMap<(Mod, Reg, Reg), Reg> = FxHashMap::default();
        for i in old {
            let d = match (i.dsts.as_slice(), i.guard) {
                ([Operand::Reg(d)], None) => *d,
                _ => {
                    out.push(i);
                    continue;
                }
            };
            let mk = |op: Opcode, dst: Reg, srcs: &[Operand]| {
                let mut x = MInst::new(op, &[Operand::Reg(dst)], srcs);
                x.loc = i.loc;
                x
            };
            match (i.op.kind, i.op.mods.as_slice(), i.srcs.as_slice()) {
                (OpKind::Cvt, [w @ (Mod::U64 | Mod::S64), n32 @ (Mod::U32 | Mod::S32)], [Operand::Reg(o)])
                    if (*w == Mod::U64) == (*n32 == Mod::U32) =>
                {
                    if let (Some((x, k)), 1) = (or_disjoint[o.0 as usize], uses[o.0 as usize]) {
                        let z = f.new_reg(RegClass::B64);
                        f.uniform[z.0 as usize] = f.is_uniform(x);
                        let ty = if *w == Mod::U64 { Mod::U64 } else { Mod::S64 };
                        out.push(mk(i.op.clone(), z, &[Operand::Reg(x)]));
                        out.push(mk(Opcode::new(OpKind::Add, &[ty]), d, &[Operand::Reg(z), Operand::Imm(k)]));
                        add_const.resize(f.regs.len(), None);
                        add_const[d.0 as usize] = Some((z, k, ty));
                        count += 1;
                        continue;
                    }
                }
                (OpKind::Add, ..) => {
                    if let Some((d, c)) = add_of_const(&i) {
                        add_const[d.0 as usize] = Some(c);
                    }
                }
                (OpKind::Mul, [Mod::Lo, m], [Operand::Reg(a), Operand::Reg(b2)]) if !m.is_float() && m.is_type() => {
                    let (m, a, b2) = (*m, *a, *b2);
                    // `(y + k) * z` next to an earlier `y * z`: `y * z + k * z` reuses the product.
                    let sibling = [(a, b2), (b2, a)].into_iter().find_map(|(t, z)| {
                        let (y, k, aty) = add_const.get(t.0 as usize).copied().flatten()?;
                        if uses[t.0 as usize] != 1 || aty != m || k == 0 {
                            return None;
                        }
                        let p = products.get(&(m, y.min(z), y.max(z))).copied();
                        (p.is_some() || k == 1).then_some((p, y, z, k))
                    });
                    if let Some((p, y, z, k)) = sibling {
                        let (y, z) = (Operand::Reg(y), Operand::Reg(z));
                        let (op, srcs) = match (p.map(Operand::Reg), k) {
                            // `(y + 1) * z` = `y * z + z`: one `mad.lo` (llc's DAG combiner folds it the same way).
                            (None, _) => (Opcode::new(OpKind::Mad, &[Mod::Lo, m]), vec![y, z.clone(), z]),
                            (Some(p), 1) => (Opcode::new(OpKind::Add, &[m]), vec![p, z]),
                            (Some(p), -1) => (Opcode::new(OpKind::Sub, &[m]), vec![p, z]),
                            (Some(p), k) => (Opcode::new(OpKind::Mad, &[Mod::Lo, m]), vec![z, Operand::Imm(k), p]),
                        };
                        out.push(mk(op, d, &srcs));
                        count += 1;
                        continue;
                    }
                    products.entry((m, a.min(b2), a.max(b2))).or_insert(d);
                }
                (OpKind::Shl | OpKind::Mul, mods, [Operand::Reg(t), Operand::Imm(c)]) => {
                    let bits = match (i.op.kind, mods) {
                        (OpKind::Shl, [m @ (Mod::B32 | Mod::B64)])
                            if (0..i64::from(m.type_bits().unwrap_or(0))).contains(c) =>
                        {
                            m.type_bits()
                        }
                        (OpKind::Mul, [Mod::Lo, m]) if !m.is_float() && m.is_type() => m.type_bits(),
                        _ => None,
                    };
                    let found = add_const.get(t.0 as usize).copied().flatten();
                    if let (Some(bits), Some((y, k, aty))) = (bits, found) {
                        if uses[t.0 as usize] == 1 && aty.type_bits() == Some(bits) {
                            let scaled =
                                if i.op.kind == OpKind::Shl { k.wrapping_shl(*c as u32) } else { k.wrapping_mul(*c) };
                            let v = f.new_reg(f.class(d));
                            f.uniform[v.0 as usize] = f.is_uniform(y);
                            out.push(mk(i.op.clone(), v, &[Operand::Reg(y), Operand::Imm(*c)]));
                            out.push(mk(
                                Opcode::new(OpKind::Add, &[aty]),
                                d,
                                &[Operand::Reg(v), Operand::Imm(norm(scaled, bits))],
                            ));
                            add_const.resize(f.regs.len(), None);
                            add_const[d.0 as usize] = Some((v, norm(scaled, bits), aty));
                            count += 1;
                            continue;
                        }
                    }
                }
                _ => {}
            }
            out.push(i);
        }
        f.block_mut(b).insts = out;
    }
    count
}

/// `d = add.T y, k` (unguarded, integer `T`, constant `k`): `(d, (y, k, T))`, what `distribute` records.
fn add_of_const(i: &MInst) -> Option<(Reg, (Reg, i64, Mod))> {
    match (i.dsts.as_slice(), i.guard, i.op.kind, i.op.mods.as_slice(), i.srcs.as_slice()) {
        ([Operand::Reg(d)], None, OpKind::Add, [ty], [Operand::Reg(y), Operand::Imm(k)])
            if !ty.is_float() && *ty != Mod::Pred =>
        {
            Some((*d, (*y, *k, *ty)))
        }
        _ => None,
    }
}

/// Windowed local commoning; returns the number of instructions removed.
fn common(f: &mut MFunction, window: usize) -> usize {
    let mut leader: Vec<Reg> = (0..f.regs.len() as u32).map(Reg).collect();
    let mut removed = 0;
    let regs = &f.regs;
    for &b in &f.order {
        let mut table: FxHashMap<Key, (Reg, usize)> = FxHashMap::default();
        let mut recent: VecDeque<(usize, Key)> = VecDeque::new();
        let mut pos = 0usize;
        // In place: an instruction is kept or removed (its readers renamed to the leader).
        f.blocks[b.0 as usize].insts.retain_mut(|i| {
            pos += 1;
            let pos = pos - 1;
            if !i.is_phi() {
                i.map_uses(&mut |r| leader[r.0 as usize]);
            }
            while recent.front().is_some_and(|(p, _)| pos - p > window) {
                let (p, k) = recent.pop_front().expect("entry");
                if table.get(&k).is_some_and(|e| e.1 == p) {
                    table.remove(&k);
                }
            }
            let e = i.effects();
            let eligible = !i.is_phi()
                && !i.is_pseudo()
                && !i.is_call_frame()
                && i.kind() != OpKind::InlineAsm
                && !e.convergent
                && e.is_pure()
                && matches!(i.dsts.as_slice(), [Operand::Reg(_)]);
            if !eligible {
                return true;
            }
            let d = i.dsts[0].reg().expect("register destination");
            let srcs = i.canonical_srcs();
            let key = Key { op: i.op.clone(), srcs, guard: i.guard, class: regs[d.0 as usize] };
            if let Some(e) = table.get_mut(&key) {
                // A hit keeps the entry in the window (the window slides over recent uses, not definitions).
                leader[d.0 as usize] = e.0;
                e.1 = pos;
                recent.push_back((pos, key));
                removed += 1;
                return false;
            }
            table.insert(key.clone(), (d, pos));
            recent.push_back((pos, key));
            true
        });
    }
    if removed > 0 {
        f.map_uses(&mut |r| leader[r.0 as usize]);
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::{run, Config};
    use crate::mir::{text, MFunction, Mod, OpKind, Operand};

    /// Evaluates a straight-line block of integer operations; registers start at `seed`-derived values.
    fn eval(f: &MFunction, inputs: &[u64]) -> Vec<u64> {
        let mut v = vec![0u64; f.regs.len()];
        let mut stored = Vec::new();
        let val = |v: &Vec<u64>, o: &Operand| match o {
            Operand::Reg(r) => v[r.0 as usize],
            Operand::Imm(k) => *k as u64,
            _ => panic!("operand {o:?}"),
        };
        for i in &f.block(f.order[0]).insts {
            // The destination type (`cvt.s64.s32` writes 64 bits).
            let bits = i.op.types().next().and_then(|t| t.type_bits()).unwrap_or(64);
            let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
            let s: Vec<u64> = i.srcs.iter().filter(|o| !matches!(o, Operand::Addr(..))).map(|o| val(&v, o)).collect();
            let r = match i.kind() {
                OpKind::Ld => {
                    let Operand::Addr(_, k) = i.srcs[0] else { panic!() };
                    inputs[k as usize / 8]
                }
                OpKind::St => {
                    stored.push(val(&v, &i.srcs[1]));
                    continue;
                }
                OpKind::Ret => break,
                OpKind::Add => s[0].wrapping_add(s[1]),
                OpKind::Sub => s[0].wrapping_sub(s[1]),
                OpKind::Mul => s[0].wrapping_mul(s[1]),
                OpKind::And => s[0] & s[1],
                OpKind::Or => s[0] | s[1],
                OpKind::Xor => s[0] ^ s[1],
                OpKind::Shl => s[0].wrapping_shl(s[1] as u32),
                OpKind::Mov => s[0],
                OpKind::Cvt if i.op.mods.as_slice() == [Mod::U64, Mod::U32] => s[0] & 0xffff_ffff,
                OpKind::Cvt => s[0] as u32 as i32 as i64 as u64,
                k => panic!("unexpected {k:?}"),
            };
            let d = i.dsts[0].reg().expect("destination");
            v[d.0 as usize] = r & mask;
        }
        stored
    }

    /// Random straight-line integer programs (add/sub/mul/and/or/xor on 32 and 64 bits, disjoint ors under
    /// extensions, scalings, constants, shared and single-use values) give the same stored values before and
    /// after the pass, for random inputs.
    #[test]
    fn random_trees_keep_their_values() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut rnd = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut total = super::Stats::default();
        for _ in 0..300 {
            let mut src = String::from("mir k ssa {\nbb0:\n\tld.param.u64 \t%rd1, [k_param_0];\n");
            let (mut nr, mut nd) = (4u32, 2u32);
            for k in 1..=4 {
                src.push_str(&format!("\tld.global.u32 \t%r{k}, [%rd1+{}];\n", 8 * k));
            }
            let mut stores = 0;
            for _ in 0..(4 + rnd(20)) {
                let a = 1 + rnd(nr as u64);
                let b = 1 + rnd(nr as u64);
                let op =
                    ["add.s32", "sub.s32", "mul.lo.s32", "and.b32", "or.b32", "xor.b32", "add.u32"][rnd(7) as usize];
                nr += 1;
                match rnd(5) {
                    0 => src.push_str(&format!("\t{op} \t%r{nr}, %r{a}, {};\n", rnd(40) as i64 - 20)),
                    1 => {
                        src.push_str(&format!("\tshl.b32 \t%r{nr}, %r{a}, 4;\n"));
                        nr += 1;
                        src.push_str(&format!("\tor.b32 \t%r{nr}, %r{}, {};\n", nr - 1, rnd(16)));
                        nd += 1;
                        let cvt = if rnd(2) == 0 { "cvt.u64.u32" } else { "cvt.s64.s32" };
                        src.push_str(&format!("\t{cvt} \t%rd{nd}, %r{nr};\n"));
                        nd += 1;
                        src.push_str(&format!("\tshl.b64 \t%rd{nd}, %rd{}, 2;\n", nd - 1));
                        nd += 1;
                        src.push_str(&format!("\tadd.s64 \t%rd{nd}, %rd1, %rd{};\n", nd - 1));
                        src.push_str(&format!("\tst.global.u64 \t[%rd1+{}], %rd{nd};\n", 8 * stores));
                        stores += 1;
                    }
                    _ => src.push_str(&format!("\t{op} \t%r{nr}, %r{a}, %r{b};\n")),
                }
                if rnd(3) == 0 {
                    src.push_str(&format!("\tst.global.u32 \t[%rd1+{}], %r{nr};\n", 8 * stores));
                    stores += 1;
                }
            }
            src.push_str(&format!("\tst.global.u32 \t[%rd1], %r{nr};\n\tret;\n}}\n"));
            let orig = text::parse(&src).expect("parses").remove(0);
            let mut f = orig.clone();
            let st = run(&mut f, Config::default());
            total.rebuilt += st.rebuilt;
            total.distributed += st.distributed;
            total.commoned += st.commoned;
            crate::mir::verify(&f).expect("verifies");
            for _ in 0..4 {
                let inputs: Vec<u64> = (0..8).map(|_| rnd(u64::MAX)).collect();
                assert_eq!(eval(&orig, &inputs), eval(&f, &inputs), "{src}\n{}", text::write_function(&f));
            }
        }
        assert!(total.rebuilt > 100 && total.distributed > 100 && total.commoned > 10, "{total:?}");
    }
}
