//! `local-forward`: store-to-load forwarding and dead-store elimination on the function's local-memory frame
//! (`__local_depot`, addressed through `%SPL`), on SSA MIR.
//!
//! Seed: none (llc gets the same effect from SROA, which the NVPTX back end runs before instruction selection).
//! A struct copied through a temporary — `tmp = *b; *b = *a; *a = tmp;` as clang writes it, three `memcpy`s
//! with an `alloca` in the middle — reaches isel as stores to the frame and loads back from it: local memory,
//! which lives in the cache hierarchy beside global memory. HeCBench's shmembench swaps `float4`s that way in
//! its benchmark loop: 644 `ld.local`/`st.local` instructions where llc has none.
//!
//! # Rule
//! Only when the frame does not escape: every register derived from `%SPL` (`add.u64 r, %SPL, k`, transitively)
//! and `%SPL` itself is read only as the base of an `ld.local`/`st.local` address (no `cvta.local`, no copy into
//! memory, no call argument, no other arithmetic). Then no instruction but those loads and stores can read or
//! write the frame, so within a block:
//! - an unguarded scalar `st.local.T [f+k], v` followed by an unguarded scalar `ld.local.T d, [f+k]` of the same
//!   width, the width of `d`'s register (`v` a register of `d`'s class, or an immediate; a narrow store
//!   truncates and a narrow load extends, so those are left alone), with no store to an overlapping frame
//!   range in between makes `d` a copy of `v` (every use of `d` reads `v`, which in SSA dominates them; an immediate
//!   becomes `mov d, v`);
//! - guarded or vector stores, and stores at unknown offsets, end the forwarding of every range they may touch.
//!
//! Then a store to the frame whose range no remaining `ld.local` overlaps (anywhere in the function) is deleted:
//! nothing can read it. A frame left without any access is dropped (its declaration, `%SPL` and the `mov` that
//! sets it): ptxas would still reserve its bytes as a stack frame.
//!
//! Linear in the function's size (a small map of live ranges per block).

use crate::mir::{MFunction, MInst, Mod, OpKind, Operand, Reg};

/// The frame's base register name.
const FRAME: &str = "%SPL";

/// A frame access: byte offset and width.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Range {
    off: i64,
    len: i64,
}

impl Range {
    fn overlaps(self, o: Range) -> bool {
        self.off < o.off + o.len && o.off < self.off + self.len
    }
}

/// Runs the pass; returns the number of loads forwarded plus stores deleted.
pub fn run(f: &mut MFunction) -> usize {
    let n = f.regs.len();
    // Registers holding `%SPL + k`.
    let mut frame_off: Vec<Option<i64>> = vec![None; n];
    for b in &f.order {
        for i in &f.block(*b).insts {
            if i.guard.is_some() || i.op.kind != OpKind::Add || !matches!(i.op.ty(), Some(Mod::U64 | Mod::S64)) {
                continue;
            }
            let Some(d) = i.dsts.first().and_then(Operand::reg) else { continue };
            let base = match i.srcs.as_slice() {
                [Operand::Sym(s), Operand::Imm(k)] if &**s == FRAME => Some(*k),
                [Operand::Reg(r), Operand::Imm(k)] => frame_off[r.0 as usize].map(|o| o.wrapping_add(*k)),
                _ => None,
            };
            frame_off[d.0 as usize] = base;
        }
    }
    // Escape check, and the frame ranges each access touches.
    let access = |i: &MInst| -> Option<Range> {
        if !matches!(i.op.kind, OpKind::Ld | OpKind::St) || i.op.space() != Some(Mod::Local) {
            return None;
        }
        let addr = i.srcs.first()?;
        let Operand::Addr(inner, k) = addr else { return None };
        let off = match &**inner {
            Operand::Sym(s) if &**s == FRAME => *k,
            Operand::Reg(r) => frame_off[r.0 as usize]?.wrapping_add(*k),
            _ => return None,
        };
        let lanes = if i.op.has(Mod::V4) {
            4
        } else if i.op.has(Mod::V2) {
            2
        } else {
            1
        };
        let bits = i.op.ty()?.type_bits()? as i64;
        Some(Range { off, len: lanes * ((bits + 7) / 8) })
    };
    let mut any_frame = false;
    for b in &f.order {
        for i in &f.block(*b).insts {
            let is_access = access(i).is_some();
            let defines_offset =
                i.dsts.first().and_then(Operand::reg).is_some_and(|d| frame_off[d.0 as usize].is_some());
            for (k, s) in i.srcs.iter().enumerate() {
                let mentions = |o: &Operand| match o {
                    Operand::Sym(x) => &**x == FRAME,
                    Operand::Reg(r) => frame_off[r.0 as usize].is_some(),
                    _ => false,
                };
                let as_base = k == 0 && is_access && matches!(s, Operand::Addr(..));
                let hit = match s {
                    Operand::Addr(inner, _) => mentions(inner),
                    o => mentions(o),
                };
                if hit {
                    any_frame = true;
                    if !(as_base || defines_offset) {
                        return 0;
                    }
                }
            }
            // A local access whose address is not a known frame offset: give up (it may alias the frame).
            if matches!(i.op.kind, OpKind::Ld | OpKind::St | OpKind::Atom | OpKind::Red)
                && i.op.space() == Some(Mod::Local)
                && !is_access
            {
                return 0;
            }
        }
    }
    if !any_frame {
        return 0;
    }
    // Forwarding, block by block.
    let mut rename: Vec<Option<Reg>> = vec![None; n];
    let mut done = 0;
    let classes = &f.regs;
    for b in &f.order {
        let mut live: Vec<(Range, Operand, Mod)> = Vec::new();
        for i in f.blocks[b.0 as usize].insts.iter_mut() {
            let Some(r) = access(i) else { continue };
            let vector = i.op.has(Mod::V2) || i.op.has(Mod::V4);
            match i.op.kind {
                OpKind::St => {
                    live.retain(|(x, _, _)| !x.overlaps(r));
                    if i.guard.is_none() && !vector {
                        if let (Some(v), Some(t)) = (i.srcs.get(1), i.op.ty()) {
                            if matches!(v, Operand::Reg(_) | Operand::Imm(_)) {
                                live.push((r, v.clone(), t));
                            }
                        }
                    }
                }
                OpKind::Ld if i.guard.is_none() && !vector => {
                    let Some(d) = i.dsts.first().and_then(Operand::reg) else { continue };
                    let Some(t) = i.op.ty() else { continue };
                    let Some((_, v, st)) = live.iter().find(|(x, _, _)| *x == r) else { continue };
                    // Same width, and the width of the registers: a narrow store truncates and a narrow load
                    // extends (`st.u8` of a `.b16` register, `ld.s8` into one), which a copy would not.
                    let bits = classes[d.0 as usize].bits();
                    if st.type_bits() != t.type_bits() || t.type_bits() != Some(bits) {
                        continue;
                    }
                    match v {
                        Operand::Reg(s) if classes[s.0 as usize] == classes[d.0 as usize] => {
                            rename[d.0 as usize] = Some(*s);
                            // The load stays until the dead-code sweep; it reads nothing that matters.
                            *i = MInst::copy(classes[d.0 as usize], d, Operand::Reg(*s));
                            done += 1;
                        }
                        Operand::Imm(_) => {
                            *i = MInst::copy(classes[d.0 as usize], d, v.clone());
                            done += 1;
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
    }
    if done > 0 {
        f.map_uses(&mut |r| {
            let mut r = r;
            while let Some(x) = rename[r.0 as usize] {
                r = x;
            }
            r
        });
    }
    // Dead stores: no remaining load overlaps their range.
    let mut read: Vec<Range> = Vec::new();
    for b in &f.order {
        for i in &f.block(*b).insts {
            if i.op.kind == OpKind::Ld {
                if let Some(r) = access(i) {
                    read.push(r);
                }
            }
        }
    }
    for b in f.order.clone() {
        let before = f.blocks[b.0 as usize].insts.len();
        f.blocks[b.0 as usize]
            .insts
            .retain(|i| i.op.kind != OpKind::St || access(i).is_none_or(|r| read.iter().any(|x| x.overlaps(r))));
        done += before - f.blocks[b.0 as usize].insts.len();
    }
    // A frame nothing reads or writes any more is dropped with its base register.
    if done > 0 && !f.uses_sp {
        let is_frame = |o: &Operand| match o {
            Operand::Sym(x) => &**x == FRAME || &**x == "%SP",
            Operand::Addr(inner, _) => matches!(&**inner, Operand::Sym(x) if &**x == FRAME || &**x == "%SP"),
            _ => false,
        };
        // The frame-offset adds only feed frame accesses (the escape check): with none left they are dead.
        let offset_add =
            |i: &MInst| i.dsts.first().and_then(Operand::reg).is_some_and(|d| frame_off[d.0 as usize].is_some());
        let used = f.order.iter().any(|b| {
            f.block(*b).insts.iter().any(|i| {
                let local = matches!(i.op.kind, OpKind::Ld | OpKind::St) && i.op.space() == Some(Mod::Local);
                local || (!offset_add(i) && i.srcs.iter().any(is_frame))
            })
        });
        if !used {
            for b in f.order.clone() {
                f.blocks[b.0 as usize].insts.retain(|i| !offset_add(i) && !i.dsts.iter().any(is_frame));
            }
            f.depot = None;
        }
    }
    done
}
