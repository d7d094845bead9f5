//! Races between CTAs on global memory.
//!
//! Accesses of different CTAs of one launch are never ordered (the sanitizer does not model the fence-and-flag
//! or atomic-counter patterns that let CTAs synchronize within a launch; `doc/sanitizer.md`). So two CTAs
//! conflict on a byte when one wrote it (a store or an atomic) and the other accessed it, unless both accesses
//! are atomics.
//!
//! Each CTA checks its own global accesses against each other while it runs (the same rules as shared memory, in
//! its [`super::cta::CtaSan`]); when it finishes, its shadow is folded into this launch-wide map **in CTA order**
//! (the launcher folds outcomes in linear CTA order whatever the number of worker threads), so the findings are
//! deterministic. The map keeps, per byte, one earlier CTA's write (a store preferred over an atomic) and one
//! earlier CTA's read: every record in it is another CTA's, so any conflict with it is a race. Its size is
//! proportional to the global bytes the launch touches (sparse pages like [`super::shadow`]).

use super::shadow::{PageHasher, NONE, PAGE};
use super::{AccessOp, Findings, Kind, MemSpace, RaceKind, RawAccess, RawFinding};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// The global bytes a finished CTA touched, by address: its last write and one read of each (what the fold needs,
/// without the CTA's shadow pages, which are freed when the CTA ends).
#[derive(Debug, Default)]
pub struct GlobalTouches(Vec<(u64, Rec, Rec)>);

/// Summarizes CTA `cta`'s global shadow.
pub fn summarize(cta: u32, shadow: &super::shadow::Shadow) -> GlobalTouches {
    let mut cells: Vec<(u64, Rec, Rec)> = shadow
        .cells()
        .map(|(a, c)| {
            let w = if c.w.valid() { Rec { pc: c.w.pc, cta, tid: c.w.tid, atomic: c.w.atomic } } else { Rec::EMPTY };
            let r =
                if c.r[0].valid() { Rec { pc: c.r[0].pc, cta, tid: c.r[0].tid, atomic: false } } else { Rec::EMPTY };
            (a, w, r)
        })
        .collect();
    cells.sort_unstable_by_key(|c| c.0);
    GlobalTouches(cells)
}

/// One CTA's access of a byte.
#[derive(Debug, Clone, Copy)]
struct Rec {
    pc: u32,
    cta: u32,
    tid: u16,
    atomic: bool,
}

impl Rec {
    const EMPTY: Rec = Rec { pc: 0, cta: 0, tid: NONE, atomic: false };

    fn valid(&self) -> bool {
        self.tid != NONE
    }

    fn raw(&self, op: AccessOp) -> RawAccess {
        RawAccess { pc: self.pc, tid: self.tid, cta: self.cta, op: if self.atomic { AccessOp::Atomic } else { op } }
    }
}

#[derive(Debug, Clone, Copy)]
struct MCell {
    w: Rec,
    r: Rec,
}

type Pages = HashMap<u64, Box<[MCell; PAGE as usize]>, BuildHasherDefault<PageHasher>>;

/// The launch-wide record of global accesses by CTAs folded so far.
#[derive(Default)]
pub struct GlobalRaces {
    pages: Pages,
    /// Cross-CTA race findings.
    pub findings: Findings,
}

impl GlobalRaces {
    /// Folds CTA `cta`'s global accesses (from [`summarize`]) into the map, reporting conflicts with earlier CTAs.
    /// A conflict is counted once per 4-byte word and instruction pair.
    pub fn fold(&mut self, touched: &GlobalTouches) {
        let mut last: Option<(u64, (u32, u32))> = None;
        for &(addr, w, r) in &touched.0 {
            let page = self
                .pages
                .entry(addr / PAGE)
                .or_insert_with(|| Box::new([MCell { w: Rec::EMPTY, r: Rec::EMPTY }; PAGE as usize]));
            let m = &mut page[(addr % PAGE) as usize];
            let mut hit = None;
            if w.valid() {
                if m.w.valid() && !(m.w.atomic && w.atomic) {
                    hit = Some((RaceKind::Waw, m.w.raw(AccessOp::Write), w.raw(AccessOp::Write)));
                } else if m.r.valid() {
                    hit = Some((RaceKind::War, m.r.raw(AccessOp::Read), w.raw(AccessOp::Write)));
                }
            }
            if hit.is_none() && r.valid() && m.w.valid() {
                hit = Some((RaceKind::Raw, m.w.raw(AccessOp::Write), r.raw(AccessOp::Read)));
            }
            if w.valid() && (!m.w.valid() || (m.w.atomic && !w.atomic)) {
                m.w = w;
            }
            if r.valid() && !m.r.valid() {
                m.r = r;
            }
            if let Some((race, first, second)) = hit {
                let key = (addr / 4, (first.pc, second.pc));
                if last == Some(key) {
                    continue;
                }
                last = Some(key);
                self.findings.add(RawFinding {
                    kind: Kind::Race,
                    space: Some(MemSpace::Global),
                    race: Some(race),
                    addr,
                    first: Some(first),
                    second,
                });
            }
        }
    }
}
