//! Reordering the `else` block of a pair before instruction alignment (an addition to seed 001).
//!
//! Smith–Waterman aligns sequences in order, so two sides that do the same independent updates in a different
//! order (SB1: `ra = …; ma = max(…)` on one side, `mb = max(…); rb = …` on the other) align badly: the first load
//! pairs with the wrong load and the rest falls out of step. Before aligning a block pair, the `else` block's
//! instructions are list-scheduled to follow the `then` block: for each `then` instruction in order, the
//! compatible, not yet placed `else` instruction with the most similar neighbourhood (opcodes of its operands'
//! definitions and of its users inside the block, equal operand values) is placed, after everything it depends on.
//! The rest follows in original order. The caller aligns both the original and the reordered sequence and keeps
//! the better score.
//!
//! Dependences kept (so the reordered block means the same): data (an operand defined in the block), and memory —
//! two memory operations stay in order unless both only read, or they access **distinct identified objects**
//! (two different global variables or allocas, seen through GEPs and casts, constant expressions included).
//! Calls other than `speculatable` ones, atomics, fences, volatile or atomic loads are ordered with every memory
//! operation. Cost: O(n·m) for a pair of blocks of n and m instructions (the alignment's own bound) plus
//! O(k²) memory-dependence checks for the k memory operations of the block.

use super::cost;
use super::melding::compatible;
use rustc_hash::{FxHashMap, FxHashSet};
use simtc_ir::*;

/// An identified memory object behind a pointer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Obj {
    Global(GlobalId),
    Alloca(Value),
}

fn const_object(consts: &ConstPool, c: ConstId, depth: u32) -> Option<Obj> {
    if depth > 16 {
        return None;
    }
    match consts.data(c) {
        ConstData::Global(_, GlobalRef::Var(g)) => Some(Obj::Global(*g)),
        ConstData::Expr { op: ConstExprOp::Cast(CastOp::AddrSpaceCast | CastOp::BitCast), operands, .. }
        | ConstData::Expr { op: ConstExprOp::Gep { .. }, operands, .. } => {
            const_object(consts, *operands.first()?, depth + 1)
        }
        _ => None,
    }
}

fn object(consts: &ConstPool, func: &Function, mut v: Value) -> Option<Obj> {
    for _ in 0..16 {
        if let Some(c) = func.dfg.value_const(v) {
            return const_object(consts, c, 0);
        }
        let i = func.dfg.value_inst(v)?;
        let d = func.dfg.inst(i);
        match d.kind {
            InstKind::Gep { .. } | InstKind::Cast(CastOp::AddrSpaceCast | CastOp::BitCast) => v = d.args[0],
            InstKind::Alloca { .. } => return Some(Obj::Alloca(v)),
            _ => return None,
        }
    }
    None
}

#[derive(Clone, Copy)]
enum Mem {
    None,
    Read(Option<Obj>),
    Write(Option<Obj>),
    All,
}

fn mem_class(consts: &ConstPool, func: &Function, spec: &FxHashSet<Value>, i: Inst) -> Mem {
    let d = func.dfg.inst(i);
    match &d.kind {
        InstKind::Load(m) if !m.volatile && m.ordering.is_none_or(|o| o == AtomicOrdering::NotAtomic) => {
            Mem::Read(object(consts, func, d.args[0]))
        }
        InstKind::Store(m) if !m.volatile && m.ordering.is_none_or(|o| o == AtomicOrdering::NotAtomic) => {
            Mem::Write(object(consts, func, d.args[1]))
        }
        InstKind::Call(_) if spec.contains(&d.args[0]) => Mem::None,
        InstKind::Load(_) | InstKind::Store(_) | InstKind::Call(_) => Mem::All,
        _ if d.has_side_effects() => Mem::All,
        _ => Mem::None,
    }
}

fn conflict(a: Mem, b: Mem) -> bool {
    let distinct = |x: Option<Obj>, y: Option<Obj>| matches!((x, y), (Some(p), Some(q)) if p != q);
    match (a, b) {
        (Mem::None, _) | (_, Mem::None) | (Mem::Read(_), Mem::Read(_)) => false,
        (Mem::All, _) | (_, Mem::All) => true,
        (Mem::Read(x) | Mem::Write(x), Mem::Read(y) | Mem::Write(y)) => !distinct(x, y),
    }
}

/// An opcode key, with (for users) the first operand that comes from outside the block (`store %x` of two sides
/// writing the same value).
type Key = ((&'static str, u32), Option<Value>);

/// Keys of the in-block operand definitions and users of each instruction of `body`.
fn neighbourhoods(func: &Function, body: &[Inst]) -> Vec<(Vec<Key>, Vec<Key>)> {
    let pos: FxHashMap<Inst, usize> = body.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    let local = |v: Value| func.dfg.value_inst(v).is_some_and(|d| pos.contains_key(&d));
    let mut out: Vec<(Vec<Key>, Vec<Key>)> = vec![(Vec::new(), Vec::new()); body.len()];
    for (k, &i) in body.iter().enumerate() {
        let args = &func.dfg.inst(i).args;
        let outside = args.iter().copied().find(|&v| !local(v));
        for &a in args.iter() {
            if let Some(&p) = func.dfg.value_inst(a).and_then(|d| pos.get(&d)) {
                out[k].0.push((cost::opcode_key(func, body[p]), None));
                out[p].1.push((cost::opcode_key(func, i), outside));
            }
        }
    }
    out
}

fn common(x: &[Key], y: &[Key]) -> usize {
    let mut used = vec![false; y.len()];
    let mut n = 0;
    for k in x {
        if let Some(j) = (0..y.len()).find(|&j| !used[j] && y[j] == *k) {
            used[j] = true;
            n += 1;
        }
    }
    n
}

/// `sb` reordered to follow `sa` (module doc); a permutation of `sb` that keeps its dependences.
pub fn follow(consts: &ConstPool, func: &Function, spec: &FxHashSet<Value>, sa: &[Inst], sb: &[Inst]) -> Vec<Inst> {
    let m = sb.len();
    let pos: FxHashMap<Inst, usize> = sb.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    // Dependences (predecessors) of each else instruction.
    let mut deps: Vec<Vec<usize>> = vec![Vec::new(); m];
    let mut mems: Vec<(usize, Mem)> = Vec::new();
    for (k, &i) in sb.iter().enumerate() {
        for &a in func.dfg.inst(i).args.iter() {
            if let Some(&p) = func.dfg.value_inst(a).and_then(|d| pos.get(&d)) {
                deps[k].push(p);
            }
        }
        let c = mem_class(consts, func, spec, i);
        if !matches!(c, Mem::None) {
            for &(p, pc) in &mems {
                if conflict(pc, c) {
                    deps[k].push(p);
                }
            }
            mems.push((k, c));
        }
    }
    let (na, nb) = (neighbourhoods(func, sa), neighbourhoods(func, sb));
    let mut placed = vec![false; m];
    let mut out = Vec::with_capacity(m);
    let place = |j: usize, placed: &mut Vec<bool>, out: &mut Vec<Inst>| {
        // Iterative post-order over the unplaced dependences of `j`.
        let mut stack = vec![(j, 0usize)];
        while let Some(&mut (x, ref mut next)) = stack.last_mut() {
            if placed[x] {
                stack.pop();
                continue;
            }
            if *next < deps[x].len() {
                let d = deps[x][*next];
                *next += 1;
                if !placed[d] {
                    stack.push((d, 0));
                }
            } else {
                placed[x] = true;
                out.push(sb[x]);
                stack.pop();
            }
        }
    };
    for (ka, &a) in sa.iter().enumerate() {
        let da = func.dfg.inst(a);
        let mut best: Option<(usize, usize)> = None; // (score, index)
        for j in (0..m).filter(|&j| !placed[j]) {
            if !compatible(func, a, sb[j]) {
                continue;
            }
            let db = func.dfg.inst(sb[j]);
            let same_operands = da.args.iter().zip(db.args.iter()).filter(|(x, y)| x == y).count();
            let score = 1 + common(&na[ka].0, &nb[j].0) + common(&na[ka].1, &nb[j].1) + 2 * same_operands;
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, j));
            }
        }
        if let Some((_, j)) = best {
            place(j, &mut placed, &mut out);
        }
    }
    for j in 0..m {
        place(j, &mut placed, &mut out);
    }
    out
}
