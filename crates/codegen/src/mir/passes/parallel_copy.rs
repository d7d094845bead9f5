//! Sequentialization of a parallel copy `(d1, ..., dn) ← (s1, ..., sn)` (Boissinot et al., "Revisiting
//! out-of-SSA translation for correctness, code quality, and efficiency", CGO 2009).
//!
//! A copy whose destination no pending copy still reads is emitted first; when only cycles remain, one
//! destination is saved in a fresh temporary and its readers are redirected. Self-copies vanish. The result
//! reads every source before it is overwritten, so the sequence has the parallel semantics; the unit tests
//! and the property test below simulate both on random copy sets.
//!
//! Cost: linear in the number of copies (each copy is emitted once; each cycle costs one temporary).

use crate::mir::{MFunction, MInst, Operand, Reg};
use rustc_hash::FxHashMap;

/// Orders a parallel copy into sequential `mov`s.
pub fn sequentialize(f: &mut MFunction, copies: Vec<(Reg, Operand)>) -> Vec<MInst> {
    let mut out = Vec::new();
    // Drop self-copies; count readers of each register among pending copies.
    let mut pending: Vec<(Reg, Operand)> = copies.into_iter().filter(|(d, s)| s.reg() != Some(*d)).collect();
    let mut readers: FxHashMap<Reg, usize> = FxHashMap::default();
    for (_, s) in &pending {
        if let Some(r) = s.reg() {
            *readers.entry(r).or_default() += 1;
        }
    }
    while !pending.is_empty() {
        let mut progressed = false;
        let mut k = 0;
        while k < pending.len() {
            let d = pending[k].0;
            if readers.get(&d).copied().unwrap_or(0) == 0 {
                let (d, s) = pending.swap_remove(k);
                if let Some(r) = s.reg() {
                    if let Some(c) = readers.get_mut(&r) {
                        *c -= 1;
                    }
                }
                out.push(mov(f, d, s));
                progressed = true;
            } else {
                k += 1;
            }
        }
        if !progressed {
            // Only cycles remain: save the first destination and redirect its readers.
            let d = pending[0].0;
            let t = f.new_reg(f.class(d));
            out.push(mov(f, t, Operand::Reg(d)));
            let mut moved = 0;
            for (_, s) in pending.iter_mut() {
                if s.reg() == Some(d) {
                    *s = Operand::Reg(t);
                    moved += 1;
                }
            }
            readers.insert(d, 0);
            readers.insert(t, moved);
        }
    }
    out
}

fn mov(f: &MFunction, d: Reg, s: Operand) -> MInst {
    MInst::copy(f.class(d), d, s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mir::RegClass;

    fn regs(f: &mut MFunction, n: usize) -> Vec<Reg> {
        (0..n).map(|_| f.new_reg(RegClass::B32)).collect()
    }

    /// Simulates a sequence of movs on a register file.
    fn run(seq: &[MInst], file: &mut FxHashMap<Reg, i64>) {
        for i in seq {
            let d = i.dsts[0].reg().unwrap();
            let v = match &i.srcs[0] {
                Operand::Reg(r) => file[r],
                Operand::Imm(v) => *v,
                _ => unreachable!(),
            };
            file.insert(d, v);
        }
    }

    #[test]
    fn swap_is_sequentialized_with_a_temporary() {
        let mut f = MFunction::default();
        let r = regs(&mut f, 2);
        let seq = sequentialize(&mut f, vec![(r[0], Operand::Reg(r[1])), (r[1], Operand::Reg(r[0]))]);
        assert_eq!(seq.len(), 3);
        let mut file: FxHashMap<Reg, i64> = [(r[0], 1), (r[1], 2)].into_iter().collect();
        run(&seq, &mut file);
        assert_eq!((file[&r[0]], file[&r[1]]), (2, 1));
    }

    #[test]
    fn chains_and_cycles_keep_parallel_semantics() {
        let mut f = MFunction::default();
        let r = regs(&mut f, 5);
        // (a,b,c) <- (b,c,a) rotation, d <- a (reads old a), e <- 7
        let copies = vec![
            (r[0], Operand::Reg(r[1])),
            (r[1], Operand::Reg(r[2])),
            (r[2], Operand::Reg(r[0])),
            (r[3], Operand::Reg(r[0])),
            (r[4], Operand::Imm(7)),
        ];
        let seq = sequentialize(&mut f, copies);
        let mut file: FxHashMap<Reg, i64> = (0..5).map(|k| (r[k], k as i64 + 10)).collect();
        run(&seq, &mut file);
        assert_eq!([file[&r[0]], file[&r[1]], file[&r[2]], file[&r[3]], file[&r[4]]], [11, 12, 10, 10, 7]);
    }

    #[test]
    fn self_copies_vanish() {
        let mut f = MFunction::default();
        let r = regs(&mut f, 1);
        assert!(sequentialize(&mut f, vec![(r[0], Operand::Reg(r[0]))]).is_empty());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// Random parallel copies over a small register file (so cycles, chains, fan-out and self-copies all
        /// occur), some from immediates: the sequence gives every destination the value its source held before.
        #[test]
        fn sequential_copies_have_parallel_semantics(
            nregs in 1usize..8,
            raw in proptest::collection::vec((0usize..8, 0usize..9), 0..10),
        ) {
            let mut f = MFunction::default();
            let r = regs(&mut f, nregs);
            let mut seen = std::collections::HashSet::new();
            let mut copies = Vec::new();
            for (d, s) in raw {
                let d = d % nregs;
                if !seen.insert(d) {
                    continue; // a parallel copy writes each destination once
                }
                let src = if s == 8 { Operand::Imm(100 + d as i64) } else { Operand::Reg(r[s % nregs]) };
                copies.push((r[d], src));
            }
            let before: FxHashMap<Reg, i64> = (0..nregs).map(|k| (r[k], k as i64 + 10)).collect();
            let mut want = before.clone();
            for (d, s) in &copies {
                want.insert(*d, match s { Operand::Reg(x) => before[x], Operand::Imm(v) => *v, _ => unreachable!() });
            }
            let seq = sequentialize(&mut f, copies.clone());
            let mut file = before.clone();
            run(&seq, &mut file);
            for k in 0..nregs {
                proptest::prop_assert_eq!(file[&r[k]], want[&r[k]]);
            }
            // At most one temporary per cycle: never more copies than the parallel copy has plus its cycles.
            proptest::prop_assert!(seq.len() <= copies.len() + copies.len() / 2 + 1);
        }
    }
}
