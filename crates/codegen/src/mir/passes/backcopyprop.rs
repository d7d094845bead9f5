//! `backcopyprop`: backward copy propagation on phi-free MIR (seed 002, ptxas phase 83 "OriBackCopyPropagate"
//! behind its phase-82 gate "AdvancedPhaseBackPropVReg").
//!
//! Forward copy propagation (`copyprop`) renames the *uses* of a copy's destination; this pass renames the
//! *definition* of a copy's source: `%t = op ...; ...; %x = mov %t` becomes `%x = op ...` and the `mov` goes.
//! That is the shape SSA destruction leaves behind (a phi's incoming value computed into a temporary and then
//! copied into the phi's register at the end of the predecessor), so the pass runs in phase phi-free, right after
//! `phi-elim`/`out-of-ssa` and before `machine-dce` — the seed's position just before the late liveness/DCE
//! phase and register allocation.
//!
//! The seed's three guards, made exact for MIR (both instructions in one block, `I` defining `%t` before the
//! copy `%x = mov %t`):
//! 1. `%t` has exactly one use in the function (this copy) and exactly one definition (`I`), so nothing else
//!    can observe the rename;
//! 2. the rename is possible: the copy is an unguarded register `mov` between registers of the same class
//!    ([`MInst::is_copy`]; a `mov.b32 %r, %f` bit-cast is not one), `I` is unguarded (a guarded definition
//!    would leave `%x` unwritten when the guard is false, where the copy overwrote it) and does not also
//!    define `%x`;
//! 3. no instruction strictly between `I` and the copy reads or writes `%x` (the seed names only writes, but a
//!    read in between would see the new value too early), and no branch leaves the block in between (a side
//!    exit would take the clobbered `%x` with it).
//!
//! The walk is backward over each block, which collapses a whole chain in one pass (the seed's example:
//! `R1 = expr; R2 = R1; R3 = R2` becomes `R3 = expr`): at a copy `%x = mov %t` the pass records that `%t`'s
//! definition may be renamed to `%x`, pending; any instruction met afterwards (i.e. earlier in the block) that
//! touches `%x`, or any branch, cancels the pending renames waiting on `%x` (all of them, for a branch); reaching
//! `I` with its rename still pending performs it — and if `I` was itself a copy, it is now `%x = mov %s` and
//! becomes the next pending candidate. Each pending entry is created and cancelled at most once: linear.
//!
//! Gate and budget (seed names): the pass does nothing unless `AdvancedPhaseBackPropVReg` is true (default
//! false, as ptxas's phase 83 is a no-op unless a backend enables it); `BackCopyPropBudget` caps the renames
//! per function (-1: unlimited).

use crate::mir::{MFunction, MInst, Operand, Reg};

/// The gate knob (seed phase 82).
pub const GATE_KNOB: &str = "AdvancedPhaseBackPropVReg";
/// The rename budget knob.
pub const BUDGET_KNOB: &str = "BackCopyPropBudget";

/// Runs the pass with a rename `budget` (negative: unlimited); returns the number of copies removed.
pub fn run(f: &mut MFunction, budget: i64) -> usize {
    let n = f.regs.len();
    let mut uses = f.read_counts();
    let mut defs = f.write_counts();
    // pending[t] = (index of the copy, its destination) while `t`'s definition may still be renamed.
    let mut pending: Vec<Option<(usize, Reg)>> = vec![None; n];
    // waiting[x] = sources whose pending rename targets `x`.
    let mut waiting: Vec<Vec<Reg>> = vec![Vec::new(); n];
    let mut touched: Vec<Reg> = Vec::new();
    let mut removed = 0usize;
    for b in f.order.clone() {
        let insts = &mut f.blocks[b.0 as usize].insts;
        let mut dead = vec![false; insts.len()];
        let mut any = false;
        for k in (0..insts.len()).rev() {
            // 1. Resolve a pending rename of this instruction's definition.
            let i = &insts[k];
            let single = match i.dsts.as_slice() {
                [Operand::Reg(t)] => Some(*t),
                _ => None,
            };
            if let Some(t) = single {
                if let Some((j, x)) = pending[t.0 as usize].take() {
                    if (budget < 0 || (removed as i64) < budget)
                        && i.guard.is_none()
                        && !i.is_phi()
                        && !i.defs().contains(&x)
                    {
                        insts[k].dsts[0] = Operand::Reg(x);
                        dead[j] = true;
                        any = true;
                        removed += 1;
                        // `t` is gone; `x` keeps its definition count (the copy's moved here).
                        uses[t.0 as usize] = 0;
                        defs[t.0 as usize] = 0;
                    }
                }
            }
            let i = &insts[k];
            // 2. This instruction lies between earlier definitions and later copies: cancel what it touches.
            if i.is_branch() || i.effects().control {
                for x in touched.drain(..) {
                    for t in waiting[x.0 as usize].drain(..) {
                        pending[t.0 as usize] = None;
                    }
                }
            } else {
                for r in i.uses().into_iter().chain(i.defs()) {
                    for t in waiting[r.0 as usize].drain(..) {
                        pending[t.0 as usize] = None;
                    }
                }
            }
            // 3. A copy whose source has one use and one definition starts a pending rename.
            if budget >= 0 && removed as i64 >= budget {
                continue;
            }
            if i.is_copy() {
                let (Some(x), Some(t)) = (i.dsts[0].reg(), i.srcs[0].reg()) else { continue };
                if x != t
                    && f.regs[x.0 as usize] == f.regs[t.0 as usize]
                    && uses[t.0 as usize] == 1
                    && defs[t.0 as usize] == 1
                {
                    pending[t.0 as usize] = Some((k, x));
                    waiting[x.0 as usize].push(t);
                    touched.push(x);
                }
            }
        }
        // Nothing pending survives the block (the definition is elsewhere or was blocked).
        for x in touched.drain(..) {
            for t in waiting[x.0 as usize].drain(..) {
                pending[t.0 as usize] = None;
            }
        }
        if any {
            let mut k = 0;
            insts.retain(|_: &MInst| {
                let keep = !dead[k];
                k += 1;
                keep
            });
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::run;
    use crate::mir::{text, MFunction, OpKind, Operand};

    fn eval(f: &MFunction, inputs: &[u32]) -> Vec<u32> {
        let mut v = vec![0u32; f.regs.len()];
        let mut out = Vec::new();
        for i in &f.block(f.order[0]).insts {
            let val = |v: &Vec<u32>, o: &Operand| match o {
                Operand::Reg(r) => v[r.0 as usize],
                Operand::Imm(k) => *k as u32,
                _ => panic!("{o:?}"),
            };
            let r = match i.kind() {
                OpKind::Ld => {
                    let Operand::Addr(_, k) = i.srcs[0] else { panic!() };
                    inputs[k as usize / 4]
                }
                OpKind::St => {
                    out.push(val(&v, &i.srcs[1]));
                    continue;
                }
                OpKind::Ret => break,
                OpKind::Add => val(&v, &i.srcs[0]).wrapping_add(val(&v, &i.srcs[1])),
                OpKind::Mov => val(&v, &i.srcs[0]),
                k => panic!("{k:?}"),
            };
            v[i.dsts[0].reg().expect("register").0 as usize] = r;
        }
        out
    }

    /// Random phi-free blocks of adds, copies (chains among them) and stores that read registers at random
    /// points store the same values before and after the pass.
    #[test]
    fn random_copy_chains_keep_their_values() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut rnd = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut removed = 0;
        for _ in 0..400 {
            let regs = 3 + rnd(8);
            let mut src = String::from("mir k phi-free {\nbb0:\n\tld.param.u64 \t%rd1, [k_param_0];\n");
            for k in 1..=regs {
                src.push_str(&format!("\tld.global.u32 \t%r{k}, [%rd1+{}];\n", 4 * (k % 8)));
            }
            let mut stores = 0;
            // Temporaries %r20.. are defined once and copied once (possibly into another temporary: chains).
            let (mut next_t, mut pending) = (20u64, Vec::new());
            for _ in 0..(3 + rnd(30)) {
                let (x, a, b) = (1 + rnd(regs), 1 + rnd(regs), 1 + rnd(regs));
                match rnd(5) {
                    0 => {
                        src.push_str(&format!("\tadd.s32 \t%r{next_t}, %r{a}, %r{b};\n"));
                        pending.push(next_t);
                        next_t += 1;
                    }
                    1 if !pending.is_empty() => {
                        let t = pending.remove(rnd(pending.len() as u64) as usize);
                        if rnd(2) == 0 {
                            src.push_str(&format!("\tmov.b32 \t%r{next_t}, %r{t};\n"));
                            pending.push(next_t);
                            next_t += 1;
                        } else {
                            src.push_str(&format!("\tmov.b32 \t%r{x}, %r{t};\n"));
                        }
                    }
                    2 => src.push_str(&format!("\tadd.s32 \t%r{x}, %r{a}, %r{b};\n")),
                    3 => src.push_str(&format!("\tmov.b32 \t%r{x}, %r{a};\n")),
                    _ => {
                        src.push_str(&format!("\tst.global.u32 \t[%rd1+{}], %r{a};\n", 4 * stores));
                        stores += 1;
                    }
                }
            }
            for t in pending {
                src.push_str(&format!("\tmov.b32 \t%r{}, %r{t};\n", 1 + rnd(regs)));
            }
            for k in 1..=regs {
                src.push_str(&format!("\tst.global.u32 \t[%rd1+{}], %r{k};\n", 4 * (stores + k)));
            }
            src.push_str("\tret;\n}\n");
            let orig = text::parse(&src).expect("parses").remove(0);
            let mut f = orig.clone();
            removed += run(&mut f, -1);
            crate::mir::verify(&f).expect("verifies");
            for _ in 0..3 {
                let inputs: Vec<u32> = (0..8).map(|_| rnd(1 << 32) as u32).collect();
                assert_eq!(eval(&orig, &inputs), eval(&f, &inputs), "{src}\n{}", text::write_function(&f));
            }
        }
        assert!(removed > 20, "{removed}");
    }
}
