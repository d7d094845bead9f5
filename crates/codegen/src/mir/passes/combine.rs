//! `combine`: instruction combining on SSA MIR (issue 16 item 6; what llc does in its DAG combiner).
//!
//! Rules (each needs the multiply to be unguarded, to have exactly one use — the add — so nothing is computed
//! twice, and the add to be unguarded; the add's other operand is `c`):
//! - `mul.lo.T %t, %a, b` + `add.T %d, %t, c` (either order) → `mad.lo.T %d, %a, b, c` (integer; wrapping
//!   arithmetic is exact, so this is always allowed);
//! - `mul.wide.{s,u}32 %t, %a, b` + `add.{s,u}64 %d, %t, c` → `mad.wide.{s,u}32 %d, %a, b, c`;
//! - `mul.F %t, %a, b` + `add.F %d, %t, c` (`F` = `f32`/`f64`) → `fma.rn.F %d, %a, b, c` only when *both*
//!   carry no rounding modifier.
//!
//! Contraction flag: instruction selection already carries LLVM's `contract` (or `fast`) flag into MIR — an
//! `fadd`/`fmul` with it is selected without `.rn` (`add.f32`), one without it as `add.rn.f32`. That is PTX's own
//! contract semantics (an explicit rounding modifier forbids contraction), so no side table is needed: the rule
//! requires both instructions to have been selected from contractable IR, exactly LLVM's condition (both nodes
//! allow contraction). Anything with `.rn`, `.ftz`, `.sat` or another modifier is left alone, so a function
//! compiled without contraction is bit-exact.
//!
//! The float rule is behind the knob `CombineFma` (default off): `simtc check` compares every optimized build
//! bit-exactly with `-O0`, and clang's CUDA IR marks nearly every `fadd`/`fmul` `contract`, so a fused result
//! (one rounding instead of two) differs in the last bits on sb1/sb4 — correct under `contract`, but it needs
//! the checker to know about contraction before it can be on by default.
//!
//! Linear: one use count over the function, one pass over the instructions.

use crate::mir::{MFunction, MInst, Mod, OpKind, Opcode, Operand};

enum MulKind {
    Lo(Mod),
    Wide(Mod),
    Float(Mod),
}

fn mul_kind(i: &MInst) -> Option<MulKind> {
    if i.guard.is_some() || i.kind() != OpKind::Mul || i.srcs.len() != 2 || !matches!(i.srcs[0], Operand::Reg(_)) {
        return None;
    }
    match i.op.mods.as_slice() {
        [Mod::Lo, t] if t.is_type() && !t.is_float() => Some(MulKind::Lo(*t)),
        [Mod::Wide, t @ (Mod::S32 | Mod::U32)] => Some(MulKind::Wide(*t)),
        [t @ (Mod::F32 | Mod::F64)] => Some(MulKind::Float(*t)),
        _ => None,
    }
}

/// The knob enabling the `fma.rn` rule.
pub const FMA_KNOB: &str = "CombineFma";

/// Runs the combines (`fma`: also the float rule); returns how many were made.
pub fn run(f: &mut MFunction, fma: bool) -> usize {
    let n = f.regs.len();
    let mut uses = vec![0u32; n];
    let mut def: Vec<Option<(u32, usize)>> = vec![None; n];
    for &b in &f.order {
        for (k, i) in f.block(b).insts.iter().enumerate() {
            for r in i.uses() {
                uses[r.0 as usize] += 1;
            }
            if let [Operand::Reg(d)] = i.dsts.as_slice() {
                def[d.0 as usize] = Some((b.0, k));
            }
        }
    }
    let mut dead: Vec<(u32, usize)> = Vec::new();
    let mut count = 0;
    for b in f.order.clone() {
        for k in 0..f.blocks[b.0 as usize].insts.len() {
            let add = &f.blocks[b.0 as usize].insts[k];
            if add.guard.is_some() || add.kind() != OpKind::Add || add.srcs.len() != 2 {
                continue;
            }
            let amods = add.op.mods.clone();
            // Which operand is a single-use multiply of a matching kind?
            let mut found = None;
            for side in 0..2 {
                let Operand::Reg(t) = add.srcs[side] else { continue };
                if uses[t.0 as usize] != 1 {
                    continue;
                }
                let Some((mb, mk)) = def[t.0 as usize] else { continue };
                let m = &f.blocks[mb as usize].insts[mk];
                let op = match (mul_kind(m), amods.as_slice()) {
                    (Some(MulKind::Lo(t1)), [t2]) if t1 == *t2 => Opcode::new(OpKind::Mad, &[Mod::Lo, t1]),
                    (Some(MulKind::Wide(t1)), [Mod::S64 | Mod::U64]) => Opcode::new(OpKind::Mad, &[Mod::Wide, t1]),
                    (Some(MulKind::Float(t1)), [t2]) if fma && t1 == *t2 => Opcode::new(OpKind::Fma, &[Mod::Rn, t1]),
                    _ => continue,
                };
                found = Some((side, t, mb, mk, op));
                break;
            }
            let Some((side, t, mb, mk, op)) = found else { continue };
            let (a, bb) = {
                let m = &f.blocks[mb as usize].insts[mk];
                (m.srcs[0].clone(), m.srcs[1].clone())
            };
            let add = &mut f.blocks[b.0 as usize].insts[k];
            let c = add.srcs[1 - side].clone();
            add.op = op;
            add.srcs = [a, bb, c].into_iter().collect();
            uses[t.0 as usize] = 0;
            dead.push((mb, mk));
            count += 1;
        }
    }
    // Remove the consumed multiplies: one sort and one retain per touched block.
    dead.sort_unstable();
    let mut j = 0;
    while j < dead.len() {
        let b = dead[j].0;
        let mut idx = 0usize;
        f.blocks[b as usize].insts.retain(|_| {
            let gone = j < dead.len() && dead[j] == (b, idx);
            if gone {
                j += 1;
            }
            idx += 1;
            !gone
        });
    }
    count
}
