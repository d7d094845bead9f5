//! The MIR verifier: the invariants of the module doc of [`crate::mir`], per [`Phase`]. It runs after
//! instruction selection and after every MIR pass in debug builds and tests, and under `--verify-each`.

use super::{MBlock, MFunction, OpKind, Operand, Phase, RegClass};
use std::fmt;

/// A MIR verification failure: where (function, block, instruction index in the block) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MirError {
    /// The function.
    pub function: String,
    /// The block, when the failure is in one.
    pub block: Option<MBlock>,
    /// The instruction's index in the block, when the failure is at one.
    pub inst: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl MirError {
    fn at(f: &MFunction, b: Option<MBlock>, k: Option<usize>, message: String) -> MirError {
        MirError { function: f.name.clone(), block: b, inst: k, message }
    }
}

impl fmt::Display for MirError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MIR verifier: in '{}'", self.function)?;
        if let Some(b) = self.block {
            write!(f, ", block bb{}", b.0)?;
        }
        if let Some(k) = self.inst {
            write!(f, " inst {k}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Checks the invariants of `f.phase`.
pub fn verify(f: &MFunction) -> Result<(), MirError> {
    let nregs = f.regs.len() as u32;
    let nblocks = f.blocks.len() as u32;
    let err = |b: MBlock, k: usize, msg: String| MirError::at(f, Some(b), Some(k), msg);
    if f.uniform.len() != f.regs.len() || f.divergent_blocks.len() != f.blocks.len() {
        return Err(MirError::at(f, None, None, "divergence tables do not match registers/blocks".into()));
    }
    let mut seen = vec![false; f.blocks.len()];
    for &b in &f.order {
        if b.0 >= nblocks || std::mem::replace(&mut seen[b.0 as usize], true) {
            return Err(MirError::at(f, Some(b), None, "block listed twice or unknown".into()));
        }
    }
    let preds = f.preds();
    let mut def_count = vec![0u32; f.regs.len()];
    // The first instruction that defines a register a second time (an error in SSA form, reported there).
    let mut redefined = None;
    for (pos, &b) in f.order.iter().enumerate() {
        let insts = &f.block(b).insts;
        let is_last = pos + 1 == f.order.len();
        match insts.last() {
            None if f.phase == Phase::LaidOut && !is_last => {}
            None => return Err(MirError::at(f, Some(b), None, "empty block".into())),
            Some(last) if !last.is_terminator() && (f.phase != Phase::LaidOut || is_last) => {
                return Err(err(b, insts.len() - 1, format!("block does not end with a terminator (`{}`)", last.op)));
            }
            _ => {}
        }
        let mut past_phis = false;
        for (k, i) in insts.iter().enumerate() {
            if k + 1 < insts.len() && i.is_terminator() {
                return Err(err(b, k, format!("terminator `{}` before the end of the block", i.op)));
            }
            if i.is_phi() {
                if f.phase != Phase::Ssa {
                    return Err(err(b, k, format!("phi in phase {}", f.phase.name())));
                }
                if past_phis {
                    return Err(err(b, k, "phi after a non-phi instruction".into()));
                }
                let p = &preds[b.0 as usize];
                if i.phi_blocks.len() != p.len()
                    || i.srcs.len() != p.len()
                    || p.iter().any(|x| !i.phi_blocks.contains(x))
                {
                    return Err(err(b, k, "phi does not list exactly the predecessors".into()));
                }
                if i.dsts.len() != 1 || i.dsts[0].reg().is_none() {
                    return Err(err(b, k, "phi must define exactly one register".into()));
                }
            } else {
                past_phis = true;
            }
            for r in i.defs().into_iter().chain(i.uses()) {
                if r.0 >= nregs {
                    return Err(err(b, k, format!("unknown register {}", r.0)));
                }
            }
            for r in i.defs() {
                def_count[r.0 as usize] += 1;
                if def_count[r.0 as usize] == 2 && redefined.is_none() {
                    redefined = Some((b, k, r));
                }
            }
            if let Some((g, _)) = i.guard {
                if f.class(g) != RegClass::Pred {
                    return Err(err(b, k, "guard is not a predicate".into()));
                }
            }
            if i.kind() == OpKind::Bra && !matches!(i.srcs.as_slice(), [Operand::Label(_)]) {
                return Err(err(b, k, "`bra` takes one label".into()));
            }
            if i.kind() == OpKind::Mov && i.dsts.len() == 1 {
                if let (Some(d), Some(s)) = (i.dsts[0].reg(), i.srcs.first().and_then(Operand::reg)) {
                    if f.class(d) != f.class(s) && f.class(d).bits() != f.class(s).bits() {
                        return Err(err(b, k, format!("`{}` between registers of different widths", i.op)));
                    }
                }
            }
            for t in i.targets() {
                if t.0 >= nblocks || !seen[t.0 as usize] {
                    return Err(err(b, k, format!("branch to unknown block {}", t.0)));
                }
            }
        }
    }
    if f.phase == Phase::Ssa {
        if let Some((b, k, r)) = redefined {
            let name = format!("{}{}", f.class(r).prefix(), f.class_numbers()[r.0 as usize]);
            return Err(err(b, k, format!("register {name} defined more than once in SSA form")));
        }
        check_dominance(f)?;
    }
    Ok(())
}

/// SSA dominance: in reachable code, every use of a register is dominated by its definition (a phi operand by
/// the end of its predecessor), and every register used is defined.
fn check_dominance(f: &MFunction) -> Result<(), MirError> {
    let dt = super::graph::dominators(f);
    // Definition site of every register: (block, index).
    let mut def: Vec<Option<(MBlock, usize)>> = vec![None; f.regs.len()];
    for &b in &f.order {
        for (k, i) in f.block(b).insts.iter().enumerate() {
            for r in i.defs() {
                def[r.0 as usize] = Some((b, k));
            }
        }
    }
    let name = |r: super::Reg| super::text::reg_name(f, &f.class_numbers(), r);
    for &b in &f.order {
        if !dt.is_reachable(b.0) {
            continue;
        }
        for (k, i) in f.block(b).insts.iter().enumerate() {
            if i.is_phi() {
                for (s, p) in i.srcs.iter().zip(&i.phi_blocks) {
                    let Some(r) = s.reg() else { continue };
                    match def[r.0 as usize] {
                        None => {
                            return Err(MirError::at(
                                f,
                                Some(b),
                                Some(k),
                                format!("{} is used but never defined", name(r)),
                            ))
                        }
                        Some((db, _)) if dt.is_reachable(p.0) && !dt.dominates(db.0, p.0) => {
                            return Err(MirError::at(
                                f,
                                Some(b),
                                Some(k),
                                format!(
                                    "phi operand {} from bb{} is not dominated by its definition in bb{}",
                                    name(r),
                                    p.0,
                                    db.0
                                ),
                            ))
                        }
                        _ => {}
                    }
                }
                continue;
            }
            for r in i.uses() {
                match def[r.0 as usize] {
                    None => {
                        return Err(MirError::at(f, Some(b), Some(k), format!("{} is used but never defined", name(r))))
                    }
                    Some((db, dk)) if (db == b && dk >= k) || (db != b && !dt.dominates(db.0, b.0)) => {
                        return Err(MirError::at(
                            f,
                            Some(b),
                            Some(k),
                            format!("use of {} is not dominated by its definition in bb{}", name(r), db.0),
                        ))
                    }
                    _ => {}
                }
            }
        }
    }
    Ok(())
}
