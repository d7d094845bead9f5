//! `reassociate`: expression reassociation and windowed local commoning on SSA MIR (seed 002, ptxas phase 50
//! "OriReassociateAndCommon").
//!
//! **Normalization.** A *tree* is a maximal set of unguarded instructions of one associative class — integer
//! `add.T` (with `sub.T` folded in as an add of a negated operand), `mul.lo.T`, and `and`/`or`/`xor` on bit
//! types (`.pred` included) — connected through *interior* values: a register whose single use is another node of
//! the same class (same opcode family and type) in the same block. The root is a node whose result is not
//! interior; interior nodes are deleted and the root is rebuilt from the tree's leaves (the seed's leaf rule:
//! an operand defined by a different opcode, a constant, a value from another block, or a value with several
//! uses — pulling it in would duplicate work). A `sub` joins a tree as an interior node only when its one use
//! is an add or sub of the tree (seed: "SUB rewriting only when all uses are associative adds"); its second
//! operand becomes a negated leaf. Negated leaves are rebuilt as `sub`s after the positive ones, so no `neg` is
//! ever materialized and a standalone `a - b` (two leaves) is left as it is.
//!
//! The leaves are sorted canonically: registers by definition order (the function's value numbers: an SSA
//! register's definition point in layout order), positive before negated ones, and constants last, folded
//! into one (sum, product, and, or, xor in the type's width, wrapping). Identities vanish (`+0`, `*1`, `&-1`,
//! `|0`, `^0`), absorbing constants (`*0`, `&0`, `|-1`) make the root a constant move, `x & x` / `x | x` keep one
//! `x` and `x ^ x` cancels. The root is rebuilt left-leaning, `((l0 op l1) op l2) op ... op c`, with fresh
//! registers for the partial results: two trees with the same leaf multiset get the same prefixes, whatever
//! their original nesting, which is what lets `(a+b)+c` and `(a+c)+b` meet. A tree whose leaves are all negated
//! is left alone (rebuilding it would need a `neg`), as is one whose canonical form it already has, and one with
//! at most two leaves (the seed: nothing to reassociate; `gvn-cse` sorts commutative operands itself). The
//! rebuilt tree never has more instructions than the original.
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
//! Knobs (seed 002 names): `AllowReassociateCSE` (false: normalize only, no commoning),
//! `ReassociateCSEBudget` (most trees rebuilt per function), `ReassociateCSEWindow` (the commoning window, in
//! instructions), `ReassociateCSESkip` (leave the first N candidate roots alone: bisection aid).
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
}

impl Default for Config {
    fn default() -> Config {
        Config { allow_cse: true, budget: -1, window: 64, skip: 0 }
    }
}

/// What the pass did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Trees rebuilt.
    pub rebuilt: usize,
    /// Instructions the rebuilds removed (interior nodes plus folded constants).
    pub removed: usize,
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

/// A node's class and type, and whether it is a `sub` (an add whose second operand is negated).
fn classify(i: &MInst) -> Option<(Assoc, Mod, bool)> {
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
}

impl Facts {
    fn compute(f: &MFunction) -> Facts {
        let n = f.regs.len();
        let mut fx = Facts { rank: vec![0; n], uses: vec![0; n], def: vec![None; n], user: vec![None; n] };
        let mut next = 1u32;
        for &b in &f.order {
            for (k, i) in f.block(b).insts.iter().enumerate() {
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

fn collect(f: &MFunction, fx: &Facts, b: u32, root: u32) -> Option<Tree> {
    let insts = &f.blocks[b as usize].insts;
    let (assoc, ty, _) = classify(&insts[root as usize])?;
    let class = (assoc, ty);
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
    Some(Tree { class, leaves, interior: interior_nodes, chain })
}

/// The canonical rebuild of a tree: the instruction shapes (first source only on the first one), or a single
/// operand the root becomes a copy of. `None`: leave the tree alone.
enum Rebuilt {
    Ops(Vec<(Opcode, Option<Operand>, Operand)>),
    Value(Operand),
}

fn rebuild(t: &Tree, fx: &Facts) -> Option<Rebuilt> {
    let (assoc, ty) = t.class;
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
    let mut st = Stats::default();
    normalize(f, cfg, &mut st);
    if cfg.allow_cse && cfg.window > 0 {
        st.commoned = common(f, cfg.window);
    }
    st
}

fn normalize(f: &mut MFunction, cfg: Config, st: &mut Stats) {
    let fx = Facts::compute(f);
    let mut candidates = 0usize;
    for b in f.order.clone() {
        let bi = b.0;
        // Plan the block: root index → replacement instructions; interior indices → deleted.
        let mut plans: Vec<(u32, Vec<MInst>)> = Vec::new();
        let mut dead: Vec<u32> = Vec::new();
        let n = f.block(b).insts.len() as u32;
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
            plans.push((k, insts));
            dead.extend(tree.interior.iter().copied());
        }
        if plans.is_empty() {
            continue;
        }
        apply(f, b, plans, dead);
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
fn apply(f: &mut MFunction, b: MBlock, mut plans: Vec<(u32, Vec<MInst>)>, mut dead: Vec<u32>) {
    plans.sort_by_key(|p| p.0);
    dead.sort_unstable();
    let old = std::mem::take(&mut f.block_mut(b).insts);
    let mut out = Vec::with_capacity(old.len());
    let mut d = 0usize;
    let mut plans = plans.into_iter().peekable();
    for (k, i) in old.into_iter().enumerate() {
        let k = k as u32;
        while d < dead.len() && dead[d] < k {
            d += 1;
        }
        if d < dead.len() && dead[d] == k {
            continue;
        }
        if plans.peek().is_some_and(|pl| pl.0 == k) {
            out.extend(plans.next().expect("plan").1);
            continue;
        }
        out.push(i);
    }
    f.block_mut(b).insts = out;
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    op: Opcode,
    srcs: SmallVec<[Operand; 3]>,
    guard: Option<(Reg, bool)>,
    class: RegClass,
}

/// Windowed local commoning; returns the number of instructions removed.
fn common(f: &mut MFunction, window: usize) -> usize {
    let mut leader: Vec<Reg> = (0..f.regs.len() as u32).map(Reg).collect();
    let mut removed = 0;
    for b in f.order.clone() {
        let mut table: FxHashMap<Key, (Reg, usize)> = FxHashMap::default();
        let mut recent: VecDeque<(usize, Key)> = VecDeque::new();
        let insts = std::mem::take(&mut f.block_mut(b).insts);
        let mut kept = Vec::with_capacity(insts.len());
        for (pos, mut i) in insts.into_iter().enumerate() {
            if !i.is_phi() {
                for s in i.srcs.iter_mut() {
                    s.map_regs(&mut |r| leader[r.0 as usize]);
                }
                if let Some((g, _)) = &mut i.guard {
                    *g = leader[g.0 as usize];
                }
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
                kept.push(i);
                continue;
            }
            let d = i.dsts[0].reg().expect("register destination");
            let mut srcs = i.srcs.clone();
            if i.is_commutative() && srcs.len() >= 2 {
                let rank = |o: &Operand| match o {
                    Operand::Reg(r) => (0u8, r.0 as i64),
                    Operand::Imm(v) => (1, *v),
                    _ => (2, 0),
                };
                if rank(&srcs[1]) < rank(&srcs[0]) {
                    srcs.swap(0, 1);
                }
            }
            let key = Key { op: i.op.clone(), srcs, guard: i.guard, class: f.regs[d.0 as usize] };
            if let Some(&(l, _)) = table.get(&key) {
                leader[d.0 as usize] = l;
                removed += 1;
                continue;
            }
            table.insert(key.clone(), (d, pos));
            recent.push_back((pos, key));
            kept.push(i);
        }
        f.block_mut(b).insts = kept;
    }
    if removed > 0 {
        for b in f.order.clone() {
            for i in f.block_mut(b).insts.iter_mut() {
                for s in i.srcs.iter_mut() {
                    s.map_regs(&mut |r| leader[r.0 as usize]);
                }
                if let Some((g, _)) = &mut i.guard {
                    *g = leader[g.0 as usize];
                }
            }
        }
    }
    removed
}
