//! `guarded-select`: a guarded definition read only by a select on its own guard writes the select's register
//! directly (phi-free MIR).
//!
//! If-conversion turns `v = c ? a[i] : 0.0` into a guarded load and a select on the same predicate:
//!
//! ```text
//! @%p ld.global.f64 %fd1, [%rd8];        // %fd1 is read only by the selp
//!     ...
//!     selp.f64      %fd2, %fd1, 0d0000000000000000, %p;
//! ```
//!
//! The select costs a SASS instruction per 32-bit half (two `FSEL` for a double) and keeps `%p` live from the
//! load to the select; in a kernel that if-converts many such reads (a padding kernel's 32 bounds-checked loads),
//! the predicates outlive the eight predicate registers of the machine and ptxas spills them into a general
//! register bit by bit (`P2R`, `LOP3`). llc-19 keeps a branch there, and ptxas makes `mov default; @p ld`
//! of it. This pass writes that form directly:
//!
//! ```text
//!     mov.f64       %fd2, 0d0000000000000000;
//! @%p ld.global.f64 %fd2, [%rd8];
//! ```
//!
//! # Rule
//!
//! For `selp Y, X, K, p` (`Y = p ? X : K`) whose `X` has exactly one definition `@p I X, ...` earlier in the
//! same block, unguarded otherwise, one register destination, and no reader but the select (or `selp Y, K, X,
//! p` with `@!p I`), with `X` and `Y` of one register class: `I` writes `Y` instead, an unguarded
//! `mov Y, K` goes right before `I` (none when `K` is `Y` itself), and the select goes. It must hold that from
//! `I` to the select nothing reads or writes `Y` (`I` included: it must not read the value the `mov` now puts
//! there), and nothing writes `p` or `K`. Then every thread ends with the select's value in `Y`: a thread with
//! `p` gets `I`'s result (the guarded `I` runs for it), one without keeps `K` from the `mov`; the `mov` runs for
//! every thread the select ran for, since both are in one block and unguarded. `X` is then unused and has no
//! definition left. `I` is found through a map of the block's guarded definitions, and a select at most
//! [`WINDOW`] instructions after it is checked, so the pass is linear in the number of instructions.

use crate::mir::{MFunction, MInst, OpKind, Opcode, Operand, Reg};
use rustc_hash::FxHashMap;

/// How far back from a select its guarded definition may be (instructions; `sink` moves selects down to their
/// readers, so an unrolled body can put hundreds between them).
const WINDOW: usize = 1024;

/// Runs the pass; returns how many selects were removed.
pub fn run(f: &mut MFunction) -> usize {
    let n = f.regs.len();
    let reads = f.read_counts();
    let mut defs = vec![0u32; n];
    for b in &f.blocks {
        for i in &b.insts {
            for r in i.defs() {
                defs[r.0 as usize] += 1;
            }
        }
    }
    let mut done = 0;
    for b in 0..f.blocks.len() {
        // Where each guarded, once-defined register of the block is defined (indices shift by one for each `mov`
        // inserted before them: kept up to date below).
        let mut def_at: FxHashMap<Reg, usize> = FxHashMap::default();
        for (k, i) in f.blocks[b].insts.iter().enumerate() {
            if let (Some(_), [x]) = (i.guard, i.defs().as_slice()) {
                if defs[x.0 as usize] == 1 {
                    def_at.insert(*x, k);
                }
            }
        }
        if def_at.is_empty() {
            continue;
        }
        let mut j = 0;
        while j < f.blocks[b].insts.len() {
            if let Some((k, mov)) = candidate(f, b, j, &reads, &defs, &def_at) {
                let insts = &mut f.blocks[b].insts;
                let sel = insts.remove(j);
                let y = sel.dsts[0].clone();
                insts[k].dsts[0] = y;
                if let Some(mut m) = mov {
                    m.loc = sel.loc;
                    insts.insert(k, m);
                    j += 1;
                    def_at.values_mut().filter(|at| **at >= k).for_each(|at| *at += 1);
                }
                done += 1;
                continue;
            }
            j += 1;
        }
    }
    done
}

/// For the select at `j` of block `b`: the index of the guarded definition to retarget and the `mov` to put
/// before it (`None` when the select's other operand already is its destination).
fn candidate(
    f: &MFunction,
    b: usize,
    j: usize,
    reads: &[u32],
    defs: &[u32],
    def_at: &FxHashMap<Reg, usize>,
) -> Option<(usize, Option<MInst>)> {
    let insts = &f.blocks[b].insts;
    let sel = &insts[j];
    if sel.op.kind != OpKind::Selp || sel.guard.is_some() {
        return None;
    }
    let [Operand::Reg(y)] = sel.dsts.as_slice() else { return None };
    let [a, c, Operand::Reg(p)] = sel.srcs.as_slice() else { return None };
    // `Y = p ? X : K` with `@p I X`, or `Y = p ? K : X` with `@!p I X`.
    let (x, other, negated) = match (a, c) {
        (Operand::Reg(x), k) if reg_or_imm(k) => (*x, k, false),
        (k, Operand::Reg(x)) if reg_or_imm(k) => (*x, k, true),
        _ => return None,
    };
    let (y, p) = (*y, *p);
    if x == y || x == p || reads[x.0 as usize] != 1 || defs[x.0 as usize] != 1 || f.class(x) != f.class(y) {
        return None;
    }
    let k_reg = match other {
        Operand::Reg(r) => Some(*r),
        _ => None,
    };
    let k = *def_at.get(&x)?;
    if j - k > WINDOW {
        return None;
    }
    let def = &insts[k];
    if def.guard != Some((p, negated)) || def.dsts.len() != 1 || def.defs().as_slice() != [x] || def.is_phi() {
        return None;
    }
    // From the definition to the select: `Y` untouched, `p` and `K` not written.
    for i in &insts[k..j] {
        let (d, u) = (i.defs(), i.uses());
        if d.contains(&y) || u.contains(&y) || d.contains(&p) || k_reg.is_some_and(|r| d.contains(&r)) {
            return None;
        }
        if i.is_branch() || i.is_terminator() {
            return None;
        }
    }
    if k_reg == Some(y) {
        return Some((k, None));
    }
    let ty = sel.op.ty()?;
    let mov = MInst::new(Opcode::with_mods(OpKind::Mov, [ty]), &[Operand::Reg(y)], &[other.clone()]);
    Some((k, Some(mov)))
}

fn reg_or_imm(o: &Operand) -> bool {
    matches!(o, Operand::Reg(_) | Operand::Imm(_) | Operand::F32(_) | Operand::F64(_))
}
