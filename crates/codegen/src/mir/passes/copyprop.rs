//! `copyprop`: the "GeneralOptimize" bundle of seed 002 on SSA MIR — forward copy propagation (OriCopyProp),
//! constant folding and algebraic simplification (integer identities and predicate logic), and dead-code
//! elimination, iterated to a fixpoint under an iteration cap.
//!
//! One round (linear in the number of operands):
//! 1. **Copy propagation.** An unguarded register copy `mov.T %d, %s` whose classes agree (a `mov.b32 %r, %f`
//!    bit-cast is not a copy) makes every use of `%d` a use of `%s`; a `phi` whose incoming values are all the
//!    same register (or the phi itself) is such a copy too. In SSA form `%s`'s definition dominates the copy,
//!    which dominates every use of `%d`, so the rename keeps SSA dominance.
//! 2. **Folding.** Registers with a known constant are those defined by an unguarded `mov` of an integer
//!    immediate or by the predicate-constant form `setp.ne.s32 %p, c, 0`. Then:
//!    - `setp.CMP.T %p, a, b` with both sides integer constants becomes the predicate constant;
//!    - `and.pred`/`or.pred`/`xor.pred` with a constant side, or both sides the same register, become a copy
//!      or a constant; `not.pred` of a constant becomes a constant;
//!    - `selp.T %d, a, b, %p` with a constant `%p` becomes a copy of (or a `mov` of the immediate) `a` or `b`,
//!      and `selp` with equal arms becomes that arm;
//!    - negations fold into their readers: for an unguarded `not.pred %q, %p`, a guard `@%q` becomes `@!%p`
//!      (branches included: flipping a guard's polarity changes no edge), `selp d, a, b, %q` becomes
//!      `selp d, b, a, %p`, and `not.pred` of `%q` is a copy of `%p`;
//!    - absorption: `or.pred d, a, t` with `t` an unguarded `and.pred t, u, v` where `u` (or `v`) is `not a`
//!      reads `v` (or `u`) instead of `t` (`a | (!a & x) = a | x`), and dually `and.pred d, a, t` with `t` an
//!      `or.pred` (`a & (!a | x) = a & x`), either operand order: isel's `select i1 a, true, b` and the logical
//!      `||`/`&&` of structurized comparisons leave these (the lexicographic `<` of a pair);
//!    - a guard that is a constant: true → the guard is dropped; false → the instruction is deleted
//!      (branches are left to the CFG passes: deleting or unguarding one would change the block graph);
//!    - integer identities on plain two-operand forms (`add`/`sub`/`or`/`xor`/`shl`/`shr` with 0, `mul.lo` /
//!      `div` with 1, `and` with -1, `and`/`or`/`min`/`max` of a register with itself) become copies, and
//!      `mul.lo`/`and` with 0 become `mov 0`.
//! 3. **DCE**: [`super::machine_dce`].
//!
//! Before the rounds, **predicate phis decided by a dominating branch** become copies of its condition: a
//! `phi` of a `.pred` register in block `F` whose incoming values are all the constants 0/1 is rewritten when
//! `F`'s immediate dominator `D` ends in `@%c bra T; bra E` and every incoming edge is on one side of that branch
//! (the edge is `D→F` itself, or its predecessor is dominated by `T` (or `E`) whose only predecessor is `D`),
//! with one constant per side: the phi is `%c`, or `!%c` (a `not.pred` after the phis, which the folding then
//! pushes into the readers). This is InstCombine's "phi of constants decided by the dominating condition"; it
//! is the shape of every structurizer `Flow` phi (`[true, %S], [false, %body]` is the negation of `S`'s
//! condition) and saves the two predicate constants per Flow block. Sound because the last execution of `D`
//! before any arrival at `F` took the side the edge is on (a path from the other side to the edge would avoid
//! `T`, or `D`), and `%c`, defined in a block dominating `D`, is not redefined in between.
//!
//! Rounds repeat while something changed, at most `GeneralOptimizeIterations` times (seed knob 464's role).
//! Knobs (seed 002 names): `CopyPropBudget` caps the rewrites of one invocation (0: unlimited).
//! `CopyPropGlobalBudget`, `CopyPropForceGlobal` and `CopyPropUseReachingDefs` have no effect to give on SSA
//! MIR: every copy is propagated globally and SSA definitions are the reaching definitions, so they are not
//! registered. `CopyPropConstantBank` does not apply (PTX has no constant-bank operands before ptxas), nor does
//! `LateCopyPropComplPred` (no complementary-predicate pairs exist before predication). Predicated copies are
//! not propagated: in SSA MIR a guarded definition is only defined on the guarded path (copyprop runs before
//! `ifconvert`, which creates such definitions; `late-commoning` then handles the predicated copies).

use super::machine_dce;
use crate::mir::{graph, MBlock, MFunction, MInst, Mod, OpKind, Opcode, Operand, Reg, RegClass};

/// Iteration cap knob.
pub const ITER_KNOB: &str = "GeneralOptimizeIterations";
/// Rewrite budget knob.
pub const BUDGET_KNOB: &str = "CopyPropBudget";

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Val {
    Unknown,
    Const(i64),
}

fn imm_of(o: &Operand, known: &[Val]) -> Option<i64> {
    match o {
        Operand::Imm(v) => Some(*v),
        Operand::Reg(r) => match known[r.0 as usize] {
            Val::Const(c) => Some(c),
            Val::Unknown => None,
        },
        _ => None,
    }
}

/// `setp.ne.s32 %d, c, 0`: the predicate-constant form this pass recognizes and folds through.
pub(crate) fn pred_const(d: Reg, c: bool) -> MInst {
    MInst::new(
        Opcode::new(OpKind::Setp, &[Mod::Ne, Mod::S32]),
        &[Operand::Reg(d)],
        &[Operand::Imm(c as i64), Operand::Imm(0)],
    )
}

/// Evaluates an integer comparison of two constants of type `ty` (`None`: unsupported type or comparison).
fn compare(cmp: Mod, ty: Mod, a: i64, b: i64) -> Option<bool> {
    let bits = ty.type_bits()?;
    if ty.is_float() || bits > 64 || bits == 1 {
        return None;
    }
    let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
    let (ua, ub) = (a as u64 & mask, b as u64 & mask);
    let sh = 64 - bits;
    let (sa, sb) = (((ua << sh) as i64) >> sh, ((ub << sh) as i64) >> sh);
    let signed = ty.is_signed();
    Some(match cmp {
        Mod::Eq => ua == ub,
        Mod::Ne => ua != ub,
        Mod::Lt if signed => sa < sb,
        Mod::Le if signed => sa <= sb,
        Mod::Gt if signed => sa > sb,
        Mod::Ge if signed => sa >= sb,
        Mod::Lo | Mod::Lt => ua < ub,
        Mod::Ls | Mod::Le => ua <= ub,
        Mod::Hi | Mod::Gt => ua > ub,
        Mod::Hs | Mod::Ge => ua >= ub,
        _ => return None,
    })
}

/// What to do with one instruction.
enum Rewrite {
    Keep,
    /// Its destination is this operand (a register: rename; an immediate: becomes a constant move).
    CopyOf(Operand),
    /// Its predicate destination is this constant.
    PredConst(bool),
    /// Delete it (guard constantly false).
    Delete,
    /// Drop its guard (constantly true).
    Unguard,
}

fn simplify(regs: &[RegClass], i: &MInst, known: &[Val], neg_of: &[Option<Reg>]) -> Rewrite {
    if let Some((g, neg)) = i.guard {
        if let Val::Const(c) = known[g.0 as usize] {
            if i.is_branch() || i.is_phi() {
                return Rewrite::Keep;
            }
            if ((c & 1) != 0) != neg {
                return Rewrite::Unguard;
            }
            // A never-executed instruction goes only when it defines nothing (a guarded definition's uses
            // would otherwise read a register that no longer has a definition).
            return if i.dsts.is_empty() && !i.is_pseudo() && !i.is_call_frame() {
                Rewrite::Delete
            } else {
                Rewrite::Keep
            };
        }
        return Rewrite::Keep;
    }
    let Some(d) = i.dsts.first().and_then(Operand::reg) else { return Rewrite::Keep };
    if i.dsts.len() != 1 {
        return Rewrite::Keep;
    }
    let s = i.srcs.as_slice();
    if i.is_phi() {
        let mut only: Option<Reg> = None;
        for o in s {
            match o.reg() {
                Some(r) if r == d => {}
                Some(r) if only.is_none() || only == Some(r) => only = Some(r),
                _ => return Rewrite::Keep,
            }
        }
        return only.map_or(Rewrite::Keep, |r| Rewrite::CopyOf(Operand::Reg(r)));
    }
    if i.is_copy() {
        if let Operand::Reg(r) = s[0] {
            if regs[r.0 as usize] == regs[d.0 as usize] {
                return Rewrite::CopyOf(s[0].clone());
            }
        }
        return Rewrite::Keep;
    }
    let mods = i.op.mods.as_slice();
    let same_reg = |a: &Operand, b: &Operand| matches!((a, b), (Operand::Reg(x), Operand::Reg(y)) if x == y);
    let is = |o: &Operand, v: i64| imm_of(o, known) == Some(v);
    let same_class = |o: &Operand| o.reg().is_none_or(|r| regs[r.0 as usize] == regs[d.0 as usize]);
    match (i.kind(), mods) {
        (OpKind::Setp, [c, ty]) if s.len() == 2 => {
            // Leave the predicate-constant form itself alone.
            if matches!(s, [Operand::Imm(_), Operand::Imm(0)]) && *c == Mod::Ne && *ty == Mod::S32 {
                return Rewrite::Keep;
            }
            match (imm_of(&s[0], known), imm_of(&s[1], known)) {
                (Some(a), Some(b)) => compare(*c, *ty, a, b).map_or(Rewrite::Keep, Rewrite::PredConst),
                _ => Rewrite::Keep,
            }
        }
        (OpKind::And, [Mod::Pred]) => {
            let (a, b) = (&s[0], &s[1]);
            if is(a, 0) || is(b, 0) {
                Rewrite::PredConst(false)
            } else if is(a, 1) {
                Rewrite::CopyOf(b.clone())
            } else if is(b, 1) || same_reg(a, b) {
                Rewrite::CopyOf(a.clone())
            } else {
                Rewrite::Keep
            }
        }
        (OpKind::Or, [Mod::Pred]) => {
            let (a, b) = (&s[0], &s[1]);
            if is(a, 1) || is(b, 1) {
                Rewrite::PredConst(true)
            } else if is(a, 0) {
                Rewrite::CopyOf(b.clone())
            } else if is(b, 0) || same_reg(a, b) {
                Rewrite::CopyOf(a.clone())
            } else {
                Rewrite::Keep
            }
        }
        (OpKind::Xor, [Mod::Pred]) => {
            let (a, b) = (&s[0], &s[1]);
            if same_reg(a, b) {
                Rewrite::PredConst(false)
            } else if is(a, 0) {
                Rewrite::CopyOf(b.clone())
            } else if is(b, 0) {
                Rewrite::CopyOf(a.clone())
            } else {
                match (imm_of(a, known), imm_of(b, known)) {
                    (Some(x), Some(y)) => Rewrite::PredConst(((x ^ y) & 1) != 0),
                    _ => Rewrite::Keep,
                }
            }
        }
        (OpKind::Not, [Mod::Pred]) => match imm_of(&s[0], known) {
            Some(c) => Rewrite::PredConst((c & 1) == 0),
            // not(not p) = p
            None => match s[0].reg().and_then(|q| neg_of[q.0 as usize]) {
                Some(p) => Rewrite::CopyOf(Operand::Reg(p)),
                None => Rewrite::Keep,
            },
        },
        (OpKind::Selp, [_]) if s.len() == 3 => {
            let pick = |o: &Operand| {
                if matches!(o, Operand::Reg(_) | Operand::Imm(_)) && same_class(o) {
                    Rewrite::CopyOf(o.clone())
                } else {
                    Rewrite::Keep
                }
            };
            match imm_of(&s[2], known) {
                Some(c) if c & 1 != 0 => pick(&s[0]),
                Some(_) => pick(&s[1]),
                None if s[0] == s[1] => pick(&s[0]),
                None => Rewrite::Keep,
            }
        }
        // Integer identities on plain `op.T d, a, b`.
        (k, [ty]) | (k, [Mod::Lo, ty])
            if s.len() == 2 && !ty.is_float() && *ty != Mod::Pred && ty.type_bits().is_some() =>
        {
            let lo = mods.len() == 2;
            let (a, b) = (&s[0], &s[1]);
            let copy = |o: &Operand| {
                if matches!(o, Operand::Reg(_)) && same_class(o) {
                    Rewrite::CopyOf(o.clone())
                } else {
                    Rewrite::Keep
                }
            };
            match k {
                OpKind::Add | OpKind::Or | OpKind::Xor if !lo => {
                    if is(b, 0) {
                        copy(a)
                    } else if is(a, 0) {
                        copy(b)
                    } else if k == OpKind::Or && same_reg(a, b) {
                        copy(a)
                    } else {
                        Rewrite::Keep
                    }
                }
                OpKind::Sub | OpKind::Shl | OpKind::Shr if !lo && is(b, 0) => copy(a),
                OpKind::Div if !lo && is(b, 1) => copy(a),
                OpKind::Mul if lo && is(b, 1) => copy(a),
                OpKind::Mul if lo && is(a, 1) => copy(b),
                OpKind::Mul if lo && (is(a, 0) || is(b, 0)) => Rewrite::CopyOf(Operand::Imm(0)),
                OpKind::And if !lo => {
                    if is(a, 0) || is(b, 0) {
                        Rewrite::CopyOf(Operand::Imm(0))
                    } else if is(b, -1) || same_reg(a, b) {
                        copy(a)
                    } else if is(a, -1) {
                        copy(b)
                    } else {
                        Rewrite::Keep
                    }
                }
                OpKind::Min | OpKind::Max if !lo && same_reg(a, b) => copy(a),
                _ => Rewrite::Keep,
            }
        }
        _ => Rewrite::Keep,
    }
}

/// One round of copy propagation and folding; returns the number of rewrites.
fn round(f: &mut MFunction, budget: &mut u64) -> usize {
    let n = f.regs.len();
    let mut known = vec![Val::Unknown; n];
    // `neg_of[q] = p` for an unguarded `not.pred q, p` (SSA: `p`'s definition dominates every use of `q`).
    let mut neg_of: Vec<Option<Reg>> = vec![None; n];
    // `comb_of[t] = (and/or, u, v)` for an unguarded `and.pred`/`or.pred t, u, v` of two registers.
    let mut comb_of: Vec<Option<(OpKind, Reg, Reg)>> = vec![None; n];
    let mut repl: Vec<Reg> = (0..n as u32).map(Reg).collect();
    let mut changes = 0;
    // Constants first (definitions may follow uses in a loop; constants are position-independent in SSA).
    for b in &f.order {
        for i in &f.block(*b).insts {
            if i.guard.is_some() {
                continue;
            }
            if let (OpKind::Mov, [Operand::Reg(d)], [Operand::Imm(v)]) =
                (i.kind(), i.dsts.as_slice(), i.srcs.as_slice())
            {
                known[d.0 as usize] = Val::Const(*v);
            }
            if let (OpKind::Setp, [Mod::Ne, Mod::S32], [Operand::Reg(d)], [Operand::Imm(v), Operand::Imm(0)]) =
                (i.kind(), i.op.mods.as_slice(), i.dsts.as_slice(), i.srcs.as_slice())
            {
                known[d.0 as usize] = Val::Const((*v != 0) as i64);
            }
            if let (OpKind::Not, [Mod::Pred], [Operand::Reg(d)], [Operand::Reg(p)]) =
                (i.kind(), i.op.mods.as_slice(), i.dsts.as_slice(), i.srcs.as_slice())
            {
                neg_of[d.0 as usize] = Some(*p);
            }
            if let (
                k @ (OpKind::And | OpKind::Or),
                [Mod::Pred],
                [Operand::Reg(d)],
                [Operand::Reg(u), Operand::Reg(v)],
            ) = (i.kind(), i.op.mods.as_slice(), i.dsts.as_slice(), i.srcs.as_slice())
            {
                comb_of[d.0 as usize] = Some((k, *u, *v));
            }
        }
    }
    // Reverse-postorder-free: resolve renames lazily through `repl` chains (path-compressed).
    fn find(repl: &mut [Reg], r: Reg) -> Reg {
        let mut x = r;
        while repl[x.0 as usize] != x {
            x = repl[x.0 as usize];
        }
        let mut y = r;
        while repl[y.0 as usize] != x {
            let nx = repl[y.0 as usize];
            repl[y.0 as usize] = x;
            y = nx;
        }
        x
    }
    let regs = &f.regs;
    for &b in &f.order {
        // In place: an instruction is kept, rewritten into one replacement, or removed.
        f.blocks[b.0 as usize].insts.retain_mut(|i| {
            i.map_uses(&mut |r| find(&mut repl, r));
            if *budget == 0 {
                return true;
            }
            // Negations fold into their readers: `@q` with `q = not p` is `@!p`, and `selp d, a, b, q` is
            // `selp d, b, a, p` (the `not.pred` then dies unless something else reads it).
            if let Some((g, neg)) = i.guard {
                if let Some(p) = neg_of[g.0 as usize] {
                    let p = find(&mut repl, p);
                    i.guard = Some((p, !neg));
                    changes += 1;
                    *budget = budget.saturating_sub(1);
                }
            }
            if i.kind() == OpKind::Selp && i.srcs.len() == 3 && i.guard.is_none() {
                if let Some(p) = i.srcs[2].reg().and_then(|q| neg_of[q.0 as usize]) {
                    let p = find(&mut repl, p);
                    i.srcs.swap(0, 1);
                    i.srcs[2] = Operand::Reg(p);
                    changes += 1;
                    *budget = budget.saturating_sub(1);
                }
            }
            // Absorption: `a | (!a & x)` is `a | x`, and `a & (!a | x)` is `a & x` (either operand order).
            if let (k @ (OpKind::And | OpKind::Or), [Mod::Pred], None, 2) =
                (i.kind(), i.op.mods.as_slice(), i.guard, i.srcs.len())
            {
                for side in 0..2 {
                    let (Some(a), Some(t)) = (i.srcs[side].reg(), i.srcs.get(1 - side).and_then(Operand::reg)) else {
                        break;
                    };
                    let Some((tk, u, v)) = comb_of[t.0 as usize] else { continue };
                    if tk == k {
                        continue;
                    }
                    let not_a = |r: Reg, repl: &mut Vec<Reg>| {
                        let n = neg_of[r.0 as usize].or(neg_of[find(repl, r).0 as usize]);
                        n.is_some_and(|p| find(repl, p) == find(repl, a))
                    };
                    let x = if not_a(u, &mut repl) {
                        v
                    } else if not_a(v, &mut repl) {
                        u
                    } else {
                        continue;
                    };
                    i.srcs[1 - side] = Operand::Reg(find(&mut repl, x));
                    changes += 1;
                    *budget = budget.saturating_sub(1);
                    break;
                }
            }
            let rw = simplify(regs, i, &known, &neg_of);
            let d = i.dsts.first().and_then(Operand::reg);
            if !matches!(rw, Rewrite::Keep) {
                changes += 1;
                *budget = budget.saturating_sub(1);
            }
            match rw {
                Rewrite::Keep => true,
                Rewrite::CopyOf(Operand::Reg(s)) => {
                    let d = d.expect("destination");
                    if s != d {
                        repl[d.0 as usize] = s;
                        if let Val::Const(c) = known[s.0 as usize] {
                            known[d.0 as usize] = Val::Const(c);
                        }
                    }
                    false
                }
                Rewrite::CopyOf(imm) => {
                    let d = d.expect("destination");
                    let c = match imm {
                        Operand::Imm(v) => v,
                        _ => unreachable!("copy of an immediate"),
                    };
                    known[d.0 as usize] = Val::Const(c);
                    let mut m = MInst::copy(regs[d.0 as usize], d, imm);
                    m.loc = i.loc;
                    *i = m;
                    true
                }
                Rewrite::PredConst(c) => {
                    let d = d.expect("destination");
                    known[d.0 as usize] = Val::Const(c as i64);
                    let mut m = pred_const(d, c);
                    m.loc = i.loc;
                    *i = m;
                    true
                }
                Rewrite::Delete => false,
                Rewrite::Unguard => {
                    i.guard = None;
                    true
                }
            }
        });
    }
    if changes > 0 {
        // Phi operands (and uses in blocks visited before their copy's block) are renamed here.
        f.map_uses(&mut |r| find(&mut repl, r));
    }
    changes
}

/// Runs the bundle to a fixpoint (at most `max_iters` rounds); returns the number of rewrites and removals.
pub fn run(f: &mut MFunction, max_iters: i64, budget: i64) -> usize {
    let mut budget = if budget <= 0 { u64::MAX } else { budget as u64 };
    let mut total = branch_decided_phis(f, &mut budget);
    for k in 0..max_iters.max(1) {
        let r = round(f, &mut budget);
        // After the first round's sweep, a round that rewrote nothing left no new dead code: stop before
        // sweeping again.
        if r == 0 && k > 0 {
            break;
        }
        let c = r + machine_dce::run(f);
        total += c;
        if c == 0 {
            break;
        }
    }
    total
}

/// `@%c bra T; bra E` at the end of block `d`: `(c, negated, T, E)`.
fn cond_branch(f: &MFunction, d: MBlock) -> Option<(Reg, bool, MBlock, MBlock)> {
    let insts = &f.block(d).insts;
    let [.., a, b] = insts.as_slice() else { return None };
    if !a.is_branch() || !b.is_branch() || b.guard.is_some() {
        return None;
    }
    let (g, neg) = a.guard?;
    match (a.targets().as_slice(), b.targets().as_slice()) {
        ([t], [e]) if t != e => Some((g, neg, *t, *e)),
        _ => None,
    }
}

/// Rewrites the predicate phis decided by their block's dominating branch (see the module documentation);
/// returns the number rewritten (each counts against `budget`). Linear apart from the dominator tree (computed only when a candidate exists).
fn branch_decided_phis(f: &mut MFunction, budget: &mut u64) -> usize {
    let regs = f.regs.clone();
    let is_candidate = |i: &MInst| {
        i.is_phi()
            && i.dsts.first().and_then(Operand::reg).is_some_and(|d| regs[d.0 as usize] == RegClass::Pred)
            && i.srcs.iter().all(|s| matches!(s, Operand::Imm(0 | 1)))
    };
    if *budget == 0 || !f.order.iter().any(|&b| f.block(b).insts.iter().any(is_candidate)) {
        return 0;
    }
    let dt = graph::dominators(f);
    let preds = f.preds();
    let single_pred = |x: MBlock, d: MBlock| preds[x.0 as usize].as_slice() == [d];
    let mut changes = 0;
    for b in f.order.clone() {
        if !f.block(b).insts.iter().any(is_candidate) || !dt.is_reachable(b.0) {
            continue;
        }
        let Some(d) = dt.idom(b.0).map(MBlock) else { continue };
        let Some((c, neg, t, e)) = cond_branch(f, d) else { continue };
        // The side of `D`'s branch an edge `p → b` is on (true: the guarded target `T`).
        let side = |p: MBlock| -> Option<bool> {
            if p == d {
                return if b == t {
                    Some(true)
                } else if b == e {
                    Some(false)
                } else {
                    None
                };
            }
            if t != b && single_pred(t, d) && dt.dominates(t.0, p.0) {
                Some(true)
            } else if e != b && single_pred(e, d) && dt.dominates(e.0, p.0) {
                Some(false)
            } else {
                None
            }
        };
        let insts = std::mem::take(&mut f.blocks[b.0 as usize].insts);
        let mut phis = Vec::new();
        let mut derived = Vec::new();
        let mut rest = Vec::new();
        for i in insts {
            if !i.is_phi() {
                rest.push(i);
                continue;
            }
            let decided = if *budget > 0 && is_candidate(&i) { phi_decision(&i, &side) } else { None };
            let Some(on_taken) = decided else {
                phis.push(i);
                continue;
            };
            // The phi is `taken` when on_taken, else `!taken`; `taken` is `c` (or `!c` for `@!c`).
            let dst = i.dsts[0].reg().expect("phi destination");
            let mut m = if on_taken != neg {
                MInst::copy(RegClass::Pred, dst, Operand::Reg(c))
            } else {
                MInst::new(Opcode::new(OpKind::Not, &[Mod::Pred]), &[Operand::Reg(dst)], &[Operand::Reg(c)])
            };
            m.loc = i.loc;
            derived.push(m);
            changes += 1;
            *budget -= 1;
        }
        phis.extend(derived);
        phis.extend(rest);
        f.blocks[b.0 as usize].insts = phis;
    }
    changes
}

/// For a phi of 0/1 constants: `Some(v)` when every incoming edge has a known side, the constants agree per
/// side, both sides occur and differ, and the phi is `v` on the taken side (`!v` on the other).
fn phi_decision(i: &MInst, side: &impl Fn(MBlock) -> Option<bool>) -> Option<bool> {
    let (mut on_taken, mut on_other) = (None, None);
    for (s, &p) in i.srcs.iter().zip(&i.phi_blocks) {
        let v = matches!(s, Operand::Imm(1));
        let slot = if side(p)? { &mut on_taken } else { &mut on_other };
        if slot.replace(v).is_some_and(|o| o != v) {
            return None;
        }
    }
    match (on_taken, on_other) {
        (Some(a), Some(b)) if a != b => Some(a),
        _ => None,
    }
}
