//! Item 7 of `lsr`'s module doc: integer induction variables in the value's own width ("narrow IVs").
//!
//! An integer of the loop that is affine in the loop's IVs (`start + k × step` on iteration `k`, see [`Aff`]) but
//! costs several instructions per iteration — `(row + e / 16) * n + col`, an index whose `sext` cannot be
//! widened because a flag is missing — becomes a new header phi `t = phi [start, preheader], [t + step, latch]`
//! in the same type: one `add` per iteration instead of the chain. Integer `add`/`sub`/`mul`/`shl` are exact
//! modulo 2^bits whatever their flags, so no flag is needed here (a flagged operation that would have wrapped
//! was poison, which the wrapped value refines); `lshr` is affine only under its own conditions (no unsigned
//! wrap, step a multiple of the shift), which [`Aff`] checks.
//!
//! Candidates are the *roots*: affine values (non-zero step) computed by a binary operation in the loop, not an
//! IV's own increment, with a use that is not itself an affine binary operation of the loop (a `sext`, a
//! compare, a `getelementptr` index, a store, ...). A root is rewritten when at least two instructions of the
//! loop die with it (the chain it ends, counted through operands used only inside that chain, not counting
//! additions of a constant, which later passes common or fold anyway, nor instructions with a twin in the loop
//! computing the same operation on the same operands, which value numbering keeps for the twin's readers: an
//! unrolled body's `(i << 10 | 1024·j) + g` repeats `i << 10` per copy) and its block
//! dominates the latch (it runs on every iteration, like the new `add`), so every rewrite executes at least
//! one instruction fewer per iteration; the most profitable first, within the loop's IV
//! budget (`lsr-max-ivs`, shared with the pointer IVs). The uniformity rule is the pointer IVs': a uniform root
//! is rewritten only when every leaf of its start and step is uniform.

use super::*;
use simtc_analysis::dominators::DominatorTree;

/// The affine-chain roots of loop `l` turned into IVs of their own type; returns how many.
#[allow(clippy::too_many_arguments)]
pub(super) fn narrow_ivs(
    m: &mut Module,
    f: FuncId,
    li: &LoopInfo,
    dt: &DominatorTree,
    l: LoopId,
    preds: &Preds,
    divergent: &mut SecondaryMap<Value, bool>,
    budget: usize,
    named: &mut usize,
) -> usize {
    if budget == 0 {
        return 0;
    }
    let header = li.header(l);
    let Some((pre, latch)) = loop_shape(&m.funcs[f], li, l, preds) else {
        return 0;
    };
    // (saving, root, its affine form)
    let mut cands: Vec<(usize, Value, Aff)> = Vec::new();
    {
        let func = &m.funcs[f];
        let mut cx = LoopCx {
            m,
            func,
            li,
            l,
            ivs: FxHashMap::default(),
            memo: FxHashMap::default(),
            pmemo: FxHashMap::default(),
        };
        cx.ivs = find_ivs(&cx, header, pre, latch);
        if cx.ivs.is_empty() {
            return 0;
        }
        // The IVs' increments (the header phis' latch values) are left alone.
        let increments: Vec<Value> = cx
            .ivs
            .keys()
            .filter_map(|&v| crate::passes::util::phi_value_for(func, func.dfg.value_inst(v)?, latch))
            .collect();
        let in_loop = |i: Inst| func.layout.inst_block(i).is_some_and(|b| li.contains(l, b));
        let copies = Copies::count(func, li.blocks(l));
        for &b in li.blocks(l) {
            // Only chains that run on every iteration (their block dominates the latch) are worth an `add` on
            // every iteration.
            if !dt.dominates(b, latch) {
                continue;
            }
            for i in func.layout.block_insts(b) {
                if !matches!(func.dfg.inst(i).kind, InstKind::Binary(_)) {
                    continue;
                }
                let Some(r) = func.dfg.result(i) else { continue };
                if increments.contains(&r) {
                    continue;
                }
                let Some(bits) = m.types.int_width(func.dfg.value_ty(r)) else { continue };
                let Some(a) = cx.aff(r, 0) else { continue };
                if a.step.is_zero() || !narrow_materializable(m, func, &a, bits) {
                    continue;
                }
                let leaves_uniform = a.start.leaves().chain(a.step.leaves()).all(|lf| !divergent[lf.v]);
                if !divergent[r] && !leaves_uniform {
                    continue;
                }
                // A root: some use is not an affine binary operation of the loop.
                let uses: Vec<Inst> = func.dfg.uses(r).iter().map(|u| u.inst).collect();
                let absorbed = uses.iter().all(|&u| {
                    in_loop(u)
                        && matches!(func.dfg.inst(u).kind, InstKind::Binary(_))
                        && func.dfg.result(u).and_then(|ur| cx.aff(ur, 0)).is_some_and(|q| !q.step.is_zero())
                });
                if absorbed || uses.is_empty() {
                    continue;
                }
                let saving = dying_chain(func, i, &in_loop, &cx.ivs, &copies);
                if saving >= 2 {
                    cands.push((saving, r, a));
                }
            }
        }
    }
    if cands.is_empty() {
        return 0;
    }
    // Most instructions saved first (stable among equals: program order).
    cands.sort_by_key(|c| std::cmp::Reverse(c.0));
    cands.truncate(budget);
    let (Some(pre_term), Some(latch_term)) = (m.funcs[f].terminator(pre), m.funcs[f].terminator(latch)) else {
        return 0;
    };
    let phi_blocks: Vec<Block> = {
        let func = &m.funcs[f];
        let any_phi = func.layout.block_insts(header).next().expect("header has instructions");
        func.dfg.phi_blocks(any_phi).to_vec()
    };
    let mut mats: FxHashMap<Type, Materializer> = FxHashMap::default();
    let mut done = 0;
    for (_, r, a) in cands {
        let func = &m.funcs[f];
        // An earlier rewrite may have deleted this root's instruction (it was in that chain).
        let Some(ri) = func.dfg.value_inst(r) else { continue };
        if func.layout.inst_block(ri).is_none() {
            continue;
        }
        let ty = func.dfg.value_ty(r);
        let bits = m.types.int_width(ty).expect("integer root");
        let div = divergent[r] || a.start.leaves().chain(a.step.leaves()).any(|lf| divergent[lf.v]);
        let mat = mats.entry(ty).or_insert_with(|| Materializer::new(ty, bits));
        let mut b = Builder {
            func: &mut m.funcs[f],
            types: &mut m.types,
            consts: &mut m.consts,
            at: InsertPoint::Before(pre_term),
        };
        let start = mat.poly(&mut b, &a.start, divergent);
        let step = mat.poly(&mut b, &a.step, divergent);
        let shape = IvShape { header, pre, latch_term, phi_blocks: &phi_blocks };
        let t = new_iv(&mut b, &shape, ty, start, step, named, divergent, div);
        b.func.dfg.replace_all_uses(r, t);
        delete_dead(b.func, vec![ri]);
        done += 1;
    }
    done
}

/// Whether every leaf can be brought to `bits` bits in the preheader (untagged leaves have exactly that width,
/// widened ones at most).
fn narrow_materializable(m: &Module, func: &Function, a: &Aff, bits: u32) -> bool {
    a.start.leaves().chain(a.step.leaves()).all(|lf| {
        let w = m.types.int_width(func.dfg.value_ty(lf.v));
        match lf.ext {
            Ext::None => w == Some(bits),
            _ => w.is_some_and(|w| w <= bits),
        }
    })
}

/// What an instruction computes, flags aside: an operation and its operands (a commutative operation's two
/// operands in a canonical order), or a cast, its operand and its type.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Bin(BinaryOp, Value, Value),
    Cast(CastOp, Value, Type),
}

/// How many instructions of a loop compute each [`Key`]: an instruction with a twin is not saved by deleting it,
/// since value numbering (`gvn-cse`, after instruction selection) keeps one copy for the other readers.
struct Copies(FxHashMap<Key, u32>);

impl Copies {
    fn key(func: &Function, i: Inst) -> Option<Key> {
        let d = func.dfg.inst(i);
        match (&d.kind, d.args.as_slice()) {
            (InstKind::Binary(op), &[a, b]) => {
                let (a, b) = if op.is_commutative() && b.index() < a.index() { (b, a) } else { (a, b) };
                Some(Key::Bin(*op, a, b))
            }
            (InstKind::Cast(op), &[a]) => Some(Key::Cast(*op, a, func.dfg.value_ty(func.dfg.result(i)?))),
            _ => None,
        }
    }

    fn count(func: &Function, blocks: &[Block]) -> Copies {
        let mut n: FxHashMap<Key, u32> = FxHashMap::default();
        for &b in blocks {
            for i in func.layout.block_insts(b) {
                if let Some(k) = Copies::key(func, i) {
                    *n.entry(k).or_default() += 1;
                }
            }
        }
        Copies(n)
    }

    /// Whether another instruction of the loop computes what `i` does.
    fn twinned(&self, func: &Function, i: Inst) -> bool {
        Copies::key(func, i).is_some_and(|k| self.0.get(&k).is_some_and(|&c| c > 1))
    }
}

/// How many instructions of the loop die when root instruction `root` does: the root and, transitively, the
/// operand instructions of the loop (not IV phis) all of whose uses are in that set, not counting those with a
/// twin elsewhere in the loop ([`Copies`]). Bounded by [`MAX_DEPTH`] levels, so constant time per root.
fn dying_chain(
    func: &Function,
    root: Inst,
    in_loop: &dyn Fn(Inst) -> bool,
    ivs: &FxHashMap<Value, Iv>,
    copies: &Copies,
) -> usize {
    let mut dying: Vec<Inst> = vec![root];
    let mut frontier = vec![root];
    for _ in 0..MAX_DEPTH {
        let mut next = Vec::new();
        for &i in &frontier {
            for &a in func.dfg.args(i) {
                let Some(ai) = func.dfg.value_inst(a) else { continue };
                if dying.contains(&ai) || ivs.contains_key(&a) || !in_loop(ai) || func.dfg.inst(ai).is_phi() {
                    continue;
                }
                let pure = match &func.dfg.inst(ai).kind {
                    InstKind::Binary(op) => !op.can_trap(),
                    InstKind::Cast(_) => true,
                    _ => false,
                };
                if pure && func.dfg.uses(a).iter().all(|u| dying.contains(&u.inst)) {
                    dying.push(ai);
                    next.push(ai);
                }
            }
        }
        if next.is_empty() || dying.len() > 64 {
            break;
        }
        frontier = next;
    }
    // An `add`/`sub`/`or` of a constant is not counted: reassociation moves constants to the end of a chain and
    // commons the rest between roots (unrolled `(i + k) + g` for k = 1..7 is one `i + g` and seven `+ k` in the
    // end), and a constant offset usually folds into an address; the rewritten root would need the same add.
    let const_add = |i: Inst| {
        let d = func.dfg.inst(i);
        matches!(d.kind, InstKind::Binary(BinaryOp::Add | BinaryOp::Sub | BinaryOp::Or))
            && d.args.iter().any(|&a| func.dfg.value_const(a).is_some())
    };
    dying.iter().filter(|&&i| !const_add(i) && (i == root || !copies.twinned(func, i))).count()
}
