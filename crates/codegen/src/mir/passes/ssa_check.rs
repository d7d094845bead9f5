//! Symbolic checker for SSA destruction (in the style of regalloc2's checker): proves, by abstract
//! interpretation of the destructed function, that every use reads the value the SSA form meant.
//!
//! The abstract state maps each register to the SSA value it holds: `Val(v)` (the value SSA register `v`
//! defines — for a phi destination, the phi's value), `Const(k)` (an immediate), or `Conflict` (unknown or
//! different on different paths). Transfer functions:
//! - an instruction of the SSA function (matched in order, branches compared without their targets, which
//!   edge splitting may retarget): every register it reads must hold `Val(itself)`; every register it writes
//!   then holds `Val(itself)`. An SSA copy that the renaming turns into `mov r, r` may be missing from the
//!   output (a coalescing destruction deletes it): it is applied where it would have been;
//! - any other instruction is a copy that destruction inserted (`mov d, s` → `d` holds what `s` holds;
//!   `mov d, imm` / `setp.ne.s32 d, imm, 0` → `Const`), an `undef d` it put in for an `undef` phi operand
//!   (`d` → `Conflict`), or a jump of a split edge; anything else is an error;
//! - an SSA register defined by `undef` holds no particular value: reads of it and phi operands naming it are
//!   not checked;
//! - at the entry of a block with phis, along each incoming edge the phi destination `d` must hold the abstract
//!   value of the phi's operand for that edge's SSA predecessor (the split block's single predecessor for a
//!   split edge); after the check `d` holds `Val(d)`;
//! - at joins, states meet (equal values stay, different ones become `Conflict`).
//!
//! Coalescing SSA destruction (`phi-elim`) renames registers: it hands the checker an [`Assignment`] (the output
//! register of every SSA register, and the register that holds each phi's value on entry to its block). The
//! SSA instructions are then matched after renaming, a read of SSA register `r` must find `Val(r)` in the
//! register `r` was renamed to, and a phi's edge value must arrive in its home register. Without an assignment
//! every register keeps its name.
//!
//! A forward data-flow to a fixpoint over the destructed CFG. It checks SSA destruction only (it is run by the
//! MIR pass manager under `--verify-each`, never in the normal pipeline); its cost is O(blocks × registers ×
//! iterations), acceptable for verification.

use crate::mir::{MBlock, MFunction, MInst, OpKind, Operand, Reg, RegClass};
use rustc_hash::FxHashMap;

/// How a coalescing destruction renamed registers.
#[derive(Clone, Debug, Default)]
pub struct Assignment {
    /// Output register of each SSA register (indexed by SSA register; missing entries keep their name).
    pub reg: Vec<Reg>,
    /// Per phi destination (SSA register): the output register holding the phi's value on entry to its block
    /// (before any copy the destruction put at the top of the block). Missing: its renamed register.
    pub phi_home: FxHashMap<Reg, Reg>,
}

impl Assignment {
    fn map(&self, r: Reg) -> Reg {
        self.reg.get(r.0 as usize).copied().unwrap_or(r)
    }
    fn home(&self, d: Reg) -> Reg {
        self.phi_home.get(&d).copied().unwrap_or_else(|| self.map(d))
    }
    fn rename(&self, i: &MInst) -> MInst {
        let mut i = i.clone();
        let mut m = |r: Reg| self.map(r);
        i.dsts.iter_mut().for_each(|o| o.map_regs(&mut m));
        i.srcs.iter_mut().for_each(|o| o.map_regs(&mut m));
        if let Some((g, _)) = &mut i.guard {
            *g = self.map(*g);
        }
        i
    }
}

/// What a register holds.
#[derive(Clone, Debug, PartialEq, Eq)]
enum AVal {
    /// Not reached yet (top).
    Top,
    /// The value SSA register `v` defines.
    Val(Reg),
    /// An immediate.
    Const(Operand),
    /// Unknown / different on different paths.
    Conflict,
}

fn meet(a: &AVal, b: &AVal) -> AVal {
    match (a, b) {
        (AVal::Top, x) | (x, AVal::Top) => x.clone(),
        (x, y) if x == y => x.clone(),
        _ => AVal::Conflict,
    }
}

/// Per destructed block: the SSA block it belongs to (`None` for an inserted edge block) and its instructions
/// marked as original (index into the SSA block's non-phi instructions) or inserted.
struct Matched {
    origin: Vec<Option<MBlock>>,
    /// For each destructed block, for each instruction: `Some(k)` = the k-th non-phi instruction of the origin.
    marks: Vec<Vec<Option<usize>>>,
    /// For each destructed block, the SSA copies the destruction dropped because coalescing made them `mov r, r`:
    /// `(p, k)` = the k-th non-phi instruction of the origin, applied just before output instruction `p` (or at
    /// the block's end when `p` is its length).
    dropped: Vec<Vec<(usize, usize)>>,
}

/// An unguarded register copy whose source and destination are the same register (after renaming): a no-op that
/// a coalescing destruction may delete.
fn is_identity_copy(i: &MInst) -> bool {
    i.guard.is_none() && i.is_copy() && i.dsts.first().and_then(|d| d.reg()) == i.srcs.first().and_then(|s| s.reg())
}

fn same_ignoring_targets(a: &MInst, b: &MInst) -> bool {
    if a.is_branch() && b.is_branch() {
        a.op == b.op && a.guard == b.guard && a.srcs.len() == b.srcs.len()
    } else {
        a == b
    }
}

fn match_blocks(ssa: &MFunction, out: &MFunction, asg: &Assignment) -> Result<Matched, String> {
    let mut origin = vec![None; out.blocks.len()];
    let mut marks = vec![Vec::new(); out.blocks.len()];
    let mut dropped = vec![Vec::new(); out.blocks.len()];
    for &b in &out.order {
        let insts = &out.block(b).insts;
        let is_orig = (b.0 as usize) < ssa.blocks.len() && ssa.order.contains(&b);
        if !is_orig {
            // An edge block: inserted copies and one jump.
            marks[b.0 as usize] = vec![None; insts.len()];
            continue;
        }
        origin[b.0 as usize] = Some(b);
        let want: Vec<MInst> = ssa.block(b).insts.iter().filter(|i| !i.is_phi()).map(|i| asg.rename(i)).collect();
        let mut k = 0;
        let mut m = Vec::with_capacity(insts.len());
        let mut gone = Vec::new();
        for i in insts {
            // An SSA copy that coalescing turned into `mov r, r` may be gone: skip it (applied at this point).
            while k < want.len() && !same_ignoring_targets(i, &want[k]) && is_identity_copy(&want[k]) {
                gone.push((m.len(), k));
                k += 1;
            }
            if k < want.len() && same_ignoring_targets(i, &want[k]) {
                m.push(Some(k));
                k += 1;
            } else {
                m.push(None);
            }
        }
        while k < want.len() && is_identity_copy(&want[k]) {
            gone.push((m.len(), k));
            k += 1;
        }
        if k != want.len() {
            return Err(format!(
                "SSA check: block bb{} lost or reordered its instruction `{}` during SSA destruction",
                b.0, want[k].op
            ));
        }
        marks[b.0 as usize] = m;
        dropped[b.0 as usize] = gone;
    }
    Ok(Matched { origin, marks, dropped })
}

fn const_of(i: &MInst) -> Option<(Reg, AVal)> {
    let d = i.dsts.first()?.reg()?;
    if i.guard.is_some() {
        return None;
    }
    match (i.op.kind, i.srcs.as_slice()) {
        (OpKind::Mov, [Operand::Reg(_)]) => None,
        (OpKind::Mov, [s @ (Operand::Imm(_) | Operand::F32(_) | Operand::F64(_))]) => Some((d, AVal::Const(s.clone()))),
        (OpKind::Setp, [Operand::Imm(v), Operand::Imm(0)]) => Some((d, AVal::Const(Operand::Imm(*v & 1)))),
        _ => None,
    }
}

/// Checks that `out` (the result of destructing `ssa`) reads the SSA values at every use.
pub fn check(ssa: &MFunction, out: &MFunction) -> Result<(), String> {
    check_renamed(ssa, out, &Assignment::default())
}

/// [`check`] for a destruction that renamed registers as `asg` says.
pub fn check_renamed(ssa: &MFunction, out: &MFunction, asg: &Assignment) -> Result<(), String> {
    let matched = match_blocks(ssa, out, asg)?;
    // The SSA instruction each matched output instruction stands for (its registers say which SSA values it
    // must read and defines).
    let nonphi: Vec<Vec<&MInst>> =
        ssa.blocks.iter().map(|bd| bd.insts.iter().filter(|i| !i.is_phi()).collect()).collect();
    let ssa_inst = |b: MBlock, k: usize| -> &MInst { nonphi[b.0 as usize][k] };
    let n = out.regs.len();
    let nb = out.blocks.len();
    // SSA registers defined by `undef`: any register contents are their value.
    let undef = ssa.undef_regs();
    let is_undef = |r: Reg| undef.get(r.0 as usize).copied().unwrap_or(false);
    let preds = out.preds();
    let mut state_out: Vec<Vec<AVal>> = vec![Vec::new(); nb];
    let entry = *out.order.first().ok_or("SSA check: no blocks")?;
    // Reverse post-order of the destructed CFG.
    let succs = out.successor_lists();
    let mut rpo = Vec::with_capacity(out.order.len());
    let mut seen = vec![false; nb];
    let mut stack: Vec<(MBlock, usize)> = vec![(entry, 0)];
    seen[entry.0 as usize] = true;
    while let Some((b, k)) = stack.pop() {
        if let Some(&s) = succs[b.0 as usize].get(k) {
            stack.push((b, k + 1));
            if !seen[s.0 as usize] {
                seen[s.0 as usize] = true;
                stack.push((s, 0));
            }
        } else {
            rpo.push(b);
        }
    }
    rpo.reverse();
    let ssa_phis = |b: MBlock| -> Vec<&MInst> {
        if (b.0 as usize) < ssa.blocks.len() {
            ssa.block(b).insts.iter().take_while(|i| i.is_phi()).collect()
        } else {
            Vec::new()
        }
    };
    let mut changed = true;
    let mut rounds = 0;
    while changed {
        changed = false;
        rounds += 1;
        if rounds > 10_000 {
            return Err("SSA check: no fixpoint".into());
        }
        for &b in &rpo {
            let mut st: Vec<AVal> = if b == entry {
                vec![AVal::Conflict; n]
            } else {
                let mut acc = vec![AVal::Top; n];
                for p in &preds[b.0 as usize] {
                    let ps = &state_out[p.0 as usize];
                    if ps.is_empty() {
                        continue;
                    }
                    for r in 0..n {
                        acc[r] = meet(&acc[r], &ps[r]);
                    }
                }
                acc
            };
            // Phis of the SSA block: checked on every incoming edge whose state is known.
            let orig = matched.origin[b.0 as usize];
            if let Some(ob) = orig {
                let mut defined = Vec::new();
                for phi in ssa_phis(ob) {
                    let Some(d) = phi.dsts[0].reg() else { continue };
                    let home = asg.home(d);
                    for p in &preds[b.0 as usize] {
                        let ps = &state_out[p.0 as usize];
                        if ps.is_empty() {
                            continue;
                        }
                        // The SSA predecessor of this edge.
                        let sp = match matched.origin[p.0 as usize] {
                            Some(x) => x,
                            None => *preds[p.0 as usize].first().ok_or("SSA check: edge block without predecessor")?,
                        };
                        let Some(k) = phi.phi_blocks.iter().position(|x| *x == sp) else {
                            return Err(format!(
                                "SSA check: bb{} has an edge from bb{} the phi does not list",
                                b.0, sp.0
                            ));
                        };
                        let want = match &phi.srcs[k] {
                            Operand::Reg(r) if is_undef(*r) => continue,
                            Operand::Reg(r) => AVal::Val(*r),
                            o => AVal::Const(match (o, out.class(home)) {
                                (Operand::Imm(v), RegClass::Pred) => Operand::Imm(v & 1),
                                _ => o.clone(),
                            }),
                        };
                        let have = &ps[home.0 as usize];
                        if *have != want && *have != AVal::Top {
                            return Err(format!(
                                "SSA check: on the edge bb{} -> bb{}, phi register {} holds {:?} but should hold {:?}",
                                p.0, b.0, home.0, have, want
                            ));
                        }
                    }
                    defined.push((home, d));
                }
                for (home, d) in defined {
                    st[home.0 as usize] = AVal::Val(d);
                }
            }
            let marks = &matched.marks[b.0 as usize];
            let dropped = &matched.dropped[b.0 as usize];
            // Reads of an SSA instruction must find their SSA values; its definitions then hold its values.
            let apply = |st: &mut Vec<AVal>, si: &MInst| -> Result<(), String> {
                for r in si.uses().into_iter().filter(|r| !is_undef(*r)) {
                    let o = asg.map(r);
                    let have = &st[o.0 as usize];
                    if *have != AVal::Val(r) && *have != AVal::Top {
                        return Err(format!(
                            "SSA check: in bb{}, `{}` reads register {} holding {:?} instead of its SSA value",
                            b.0, si.op, o.0, have
                        ));
                    }
                }
                for r in si.defs() {
                    st[asg.map(r).0 as usize] = AVal::Val(r);
                }
                Ok(())
            };
            let ninsts = out.block(b).insts.len();
            for (k, i) in out.block(b).insts.iter().enumerate().map(|(k, i)| (k, Some(i))).chain([(ninsts, None)]) {
                for &(_, sk) in dropped.iter().filter(|(p, _)| *p == k) {
                    apply(&mut st, ssa_inst(orig.expect("matched block"), sk))?;
                }
                let Some(i) = i else { break };
                if let Some(sk) = marks.get(k).copied().flatten() {
                    apply(&mut st, ssa_inst(orig.expect("matched block"), sk))?;
                } else if let Some((d, v)) = const_of(i) {
                    st[d.0 as usize] = v;
                } else if i.is_copy() {
                    let (d, s) = (i.dsts[0].reg().unwrap_or(Reg(0)), i.srcs[0].reg().unwrap_or(Reg(0)));
                    st[d.0 as usize] = st[s.0 as usize].clone();
                } else if i.is_undef() {
                    // An `undef` the destruction inserted for an `undef` phi operand: no particular value.
                    for d in i.defs() {
                        st[d.0 as usize] = AVal::Conflict;
                    }
                } else if i.is_branch() && i.guard.is_none() && orig.is_none() {
                    // The jump of a split edge.
                } else if i.is_branch() && orig.is_some() {
                    return Err(format!("SSA check: bb{} gained a branch `{}`", b.0, i.op));
                } else {
                    return Err(format!(
                        "SSA check: bb{} has an inserted instruction `{}` that is not a copy",
                        b.0, i.op
                    ));
                }
            }
            if state_out[b.0 as usize] != st {
                state_out[b.0 as usize] = st;
                changed = true;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mir::passes::out_of_ssa;
    use crate::mir::text;

    fn parse1(s: &str) -> MFunction {
        text::parse(s).unwrap().remove(0)
    }

    const SWAP: &str = "mir swap ssa {
bb0:
\tld.param.u64 %rd1, [p];
\tmov.b32 %r1, 1;
\tmov.b32 %r2, 2;
\tbra.uni bb1;
bb1:
\t%r3 = phi [%r1, bb0], [%r4, bb1];
\t%r4 = phi [%r2, bb0], [%r3, bb1];
\tsetp.lt.s32 %p1, %r3, 10;
\t@%p1 bra bb1;
\tbra.uni bb2;
bb2:
\tst.global.u32 [%rd1], %r3;
\tret;
}
";

    #[test]
    fn accepts_correct_destruction_of_the_swap_problem() {
        let ssa = parse1(SWAP);
        let mut out = ssa.clone();
        out_of_ssa::run(&mut out);
        out.phase = crate::mir::Phase::PhiFree;
        check(&ssa, &out).unwrap();
    }

    #[test]
    fn rejects_naive_sequential_copies() {
        // Destruct, then break the parallel copy on the back edge: drop the temporary's save so the swap
        // reads an overwritten register.
        let ssa = parse1(SWAP);
        let mut out = ssa.clone();
        out_of_ssa::run(&mut out);
        out.phase = crate::mir::Phase::PhiFree;
        let mut broke = false;
        for b in out.order.clone() {
            let insts = &mut out.block_mut(b).insts;
            let copies: Vec<usize> = (0..insts.len()).filter(|&k| insts[k].is_copy()).collect();
            if copies.len() == 3 {
                insts.remove(copies[0]);
                // Redirect the reader of the removed temporary to the original register (naive order).
                let k = copies[2] - 1;
                insts[k].srcs[0] = insts[copies[1] - 1].dsts[0].clone();
                broke = true;
            }
        }
        assert!(broke, "the back edge should carry three copies");
        assert!(check(&ssa, &out).is_err());
    }

    #[test]
    fn rejects_a_lost_copy() {
        let ssa = parse1(SWAP);
        let mut out = ssa.clone();
        out_of_ssa::run(&mut out);
        // Remove the first phi copy of the entry edge: the loop then reads a phi register nobody wrote.
        let entry = out.order[0];
        let k = out.block(entry).insts.iter().position(MInst::is_copy).expect("a phi copy on the entry edge");
        out.block_mut(entry).insts.remove(k);
        out.phase = crate::mir::Phase::PhiFree;
        assert!(check(&ssa, &out).is_err());
    }
}
