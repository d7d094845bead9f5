//! Fuzzes the parallel-copy sequentializer of SSA destruction: every input byte pair is a copy `dst <- src`
//! over a 16-register file (src 16..=31 are immediates); the sequence must give every destination the value
//! its source held before any copy ran.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rustc_hash::FxHashMap;
use simtc_codegen::mir::passes::parallel_copy::sequentialize;
use simtc_codegen::mir::{MFunction, Operand, Reg, RegClass};

fuzz_target!(|data: &[u8]| {
    let mut f = MFunction::default();
    let r: Vec<Reg> = (0..16).map(|_| f.new_reg(RegClass::B32)).collect();
    let mut written = [false; 16];
    let mut copies = Vec::new();
    for p in data.chunks_exact(2) {
        let d = (p[0] % 16) as usize;
        if std::mem::replace(&mut written[d], true) {
            continue;
        }
        let s = p[1] % 32;
        let src = if s >= 16 { Operand::Imm(1000 + s as i64) } else { Operand::Reg(r[s as usize]) };
        copies.push((r[d], src));
    }
    let before: FxHashMap<Reg, i64> = r.iter().enumerate().map(|(k, x)| (*x, k as i64)).collect();
    let mut want = before.clone();
    for (d, s) in &copies {
        want.insert(*d, match s {
            Operand::Reg(x) => before[x],
            Operand::Imm(v) => *v,
            _ => unreachable!(),
        });
    }
    let mut file = before.clone();
    for i in sequentialize(&mut f, copies) {
        let d = i.dsts[0].reg().unwrap();
        let v = match &i.srcs[0] {
            Operand::Reg(x) => file[x],
            Operand::Imm(v) => *v,
            _ => unreachable!(),
        };
        file.insert(d, v);
    }
    for x in &r {
        assert_eq!(file[x], want[x]);
    }
});
