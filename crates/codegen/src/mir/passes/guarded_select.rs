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
//! definition left. All rewrites of a block are decided on the block as it was and applied together: a rewrite
//! moves the writes of its `Y` from the select up to `I`, and another rewrite whose range that could affect
//! would have seen the select's write of `Y`, or a read of its own `Y`, in its range and been refused (or it
//! only reads its `K` and `p` before the moved write).
//!
//! **An unguarded pure definition.** If-conversion of `if (c) { x = 1 - v; a[i] = x; } y = c ? x : v` leaves
//! `I X` unguarded (pure instructions are speculated) with guarded readers: `sub X; @p st [a], X; selp Y, X, v,
//! p`. When `I` is pure and every reader of `X` other than the select lies between `I` and the select and is
//! guarded exactly like the select's `X` side, `I` gets that guard and writes `Y` (after the `mov Y, K`) and the
//! readers read `Y`: they run only for threads with `p`, for which `Y` holds `I`'s result. Adding a guard to a
//! pure instruction only removes executions; the range conditions above hold from `I` on (so `p` and `K` are
//! defined before `I`). Without such a reader nothing is gained (the select only moves into `I`), so it is left.
//! A rewrite of this kind renames readers, so it takes no instruction another rewrite of the block takes.
//!
//! `I` is found through a map of the block's once-written guarded or pure definitions, and a select at most
//! [`WINDOW`] instructions after it is checked, so the pass is linear in the number of instructions.

use crate::mir::{MFunction, MInst, OpKind, Opcode, Operand, Reg};
use rustc_hash::FxHashMap;

/// How far back from a select its guarded definition may be (instructions; `sink` moves selects down to their
/// readers, so an unrolled body can put hundreds between them).
const WINDOW: usize = 1024;

/// Runs the pass; returns how many selects were removed.
pub fn run(f: &mut MFunction) -> usize {
    let (reads, defs) = (f.read_counts(), f.write_counts());
    let mut done = 0;
    for b in f.order.clone().into_iter().map(|b| b.0 as usize) {
        // Where each guarded, once-defined register of the block is defined.
        let mut def_at: FxHashMap<Reg, usize> = FxHashMap::default();
        for (k, i) in f.blocks[b].insts.iter().enumerate() {
            if let [x] = i.defs().as_slice() {
                if defs[x.0 as usize] == 1 && (i.guard.is_some() || pure(i)) {
                    def_at.insert(*x, k);
                }
            }
        }
        if def_at.is_empty() {
            continue;
        }
        // Every rewrite is decided on the block as it is, then all are applied at once (module doc: they
        // cannot interfere), so no index shifts while the block is scanned.
        let mut rewrites: Vec<(usize, usize, Rewrite)> = Vec::new();
        let mut used: rustc_hash::FxHashSet<usize> = Default::default();
        for j in 0..f.blocks[b].insts.len() {
            if let Some((k, rw)) = candidate(f, b, j, &reads, &defs, &def_at) {
                // A definition made guarded renames readers: one rewrite per instruction.
                if rw.guard.is_some() && [k, j].iter().chain(&rw.readers).any(|x| used.contains(x)) {
                    continue;
                }
                used.extend([k, j].iter().chain(&rw.readers).copied());
                rewrites.push((k, j, rw));
            }
        }
        if rewrites.is_empty() {
            continue;
        }
        let old = std::mem::take(&mut f.blocks[b].insts);
        let mut at_def: FxHashMap<usize, (Operand, Rewrite)> = FxHashMap::default();
        let mut renamed: FxHashMap<usize, (Reg, Reg)> = FxHashMap::default();
        let mut removed = vec![false; old.len()];
        for (k, j, mut rw) in rewrites {
            if let Some(m) = &mut rw.mov {
                m.loc = old[j].loc;
            }
            if let ([Operand::Reg(x)], Operand::Reg(y)) = (old[k].dsts.as_slice(), &old[j].dsts[0]) {
                for &r in &rw.readers {
                    renamed.insert(r, (*x, *y));
                }
            }
            at_def.insert(k, (old[j].dsts[0].clone(), rw));
            removed[j] = true;
            done += 1;
        }
        let mut insts = Vec::with_capacity(old.len() + at_def.len());
        for (k, mut i) in old.into_iter().enumerate() {
            if removed[k] {
                continue;
            }
            if let Some((y, rw)) = at_def.remove(&k) {
                insts.extend(rw.mov);
                i.dsts[0] = y;
                if rw.guard.is_some() {
                    i.guard = rw.guard;
                }
            }
            if let Some(&(x, y)) = renamed.get(&k) {
                i.map_uses(&mut |r| if r == x { y } else { r });
            }
            insts.push(i);
        }
        f.blocks[b].insts = insts;
    }
    done
}

/// What a rewrite does besides retargeting the definition (module doc).
struct Rewrite {
    /// The `mov Y, K` to put before the definition (`None` when `K` is `Y`).
    mov: Option<MInst>,
    /// The guard to put on an unguarded definition.
    guard: Option<(Reg, bool)>,
    /// The indexes of the guarded readers of `X` that read `Y` instead.
    readers: Vec<usize>,
}

/// Whether `i` is a pure computation that may be guarded (one register destination, no effects).
fn pure(i: &MInst) -> bool {
    !i.is_phi() && !i.is_pseudo() && !i.is_call_frame() && i.dsts.len() == 1 && i.effects().is_pure()
}

/// For the select at `j` of block `b`: the index of the definition to retarget and what else changes.
fn candidate(
    f: &MFunction,
    b: usize,
    j: usize,
    reads: &[u32],
    defs: &[u32],
    def_at: &FxHashMap<Reg, usize>,
) -> Option<(usize, Rewrite)> {
    let insts = &f.blocks[b].insts;
    let sel = &insts[j];
    if sel.op.kind != OpKind::Selp || sel.guard.is_some() {
        return None;
    }
    let [Operand::Reg(y)] = sel.dsts.as_slice() else { return None };
    let [a, c, Operand::Reg(p)] = sel.srcs.as_slice() else { return None };
    // `Y = p ? X : K` with `@p I X`, or `Y = p ? K : X` with `@!p I X` (both operands may be registers: the
    // one with a matching guarded definition is `X`).
    [(a, c, false), (c, a, true)].into_iter().find_map(|(x, other, negated)| match x {
        Operand::Reg(x) if reg_or_imm(other) => {
            candidate_with(f, b, j, reads, defs, def_at, (*x, other, negated, *y, *p))
        }
        _ => None,
    })
}

/// [`candidate`] for one reading of the select: `X`, `K`, whether `I` is guarded by `!p`, `Y` and `p`.
fn candidate_with(
    f: &MFunction,
    b: usize,
    j: usize,
    reads: &[u32],
    defs: &[u32],
    def_at: &FxHashMap<Reg, usize>,
    (x, other, negated, y, p): (Reg, &Operand, bool, Reg, Reg),
) -> Option<(usize, Rewrite)> {
    let insts = &f.blocks[b].insts;
    let sel = &insts[j];
    if x == y || x == p || defs[x.0 as usize] != 1 || f.class(x) != f.class(y) {
        return None;
    }
    let k_reg = match other {
        Operand::Reg(r) => Some(*r),
        _ => None,
    };
    let k = *def_at.get(&x)?;
    // (A definition after the select reaches it only around a loop: not this pattern.)
    if k >= j || j - k > WINDOW {
        return None;
    }
    let def = &insts[k];
    let guard = Some((p, negated));
    if def.dsts.len() != 1 || def.defs().as_slice() != [x] || def.is_phi() {
        return None;
    }
    // A guarded definition has the select as its only reader; an unguarded pure one may also have readers
    // guarded like the select between the two (they run only where `Y` holds `X`'s value).
    let mut readers = Vec::new();
    if def.guard.is_none() && pure(def) {
        for (n, i) in insts.iter().enumerate().take(j).skip(k + 1) {
            if i.uses().contains(&x) {
                if i.guard != guard || i.defs().contains(&x) {
                    return None;
                }
                readers.push(n);
            }
        }
        // With no such reader the select only moves into the definition (`mov Y, K; @p I Y`): no gain.
        if readers.is_empty() {
            return None;
        }
    } else if def.guard != guard {
        return None;
    }
    if reads[x.0 as usize] as usize != 1 + readers.len() {
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
    let guard = if def.guard.is_none() { guard } else { None };
    if k_reg == Some(y) {
        return Some((k, Rewrite { mov: None, guard, readers }));
    }
    let ty = sel.op.ty()?;
    let mov = MInst::new(Opcode::with_mods(OpKind::Mov, [ty]), &[Operand::Reg(y)], std::slice::from_ref(other));
    Some((k, Rewrite { mov: Some(mov), guard, readers }))
}

fn reg_or_imm(o: &Operand) -> bool {
    matches!(o, Operand::Reg(_) | Operand::Imm(_) | Operand::F32(_) | Operand::F64(_))
}
