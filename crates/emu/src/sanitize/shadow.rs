//! Shadow memory: one [`Cell`] per byte touched, in sparse pages keyed by address.
//!
//! A cell remembers the last write of its byte (thread, barrier epoch, warp clock, instruction, atomic or not)
//! and up to two reads since then in the latest barrier epoch that saw reads. Pages of [`PAGE`] bytes are
//! allocated the first time one of their bytes is accessed, so the shadow's size is proportional to the memory a
//! CTA touches, never to the size of a space. An aligned access of at most 8 bytes never crosses a page, so each
//! lane access costs one page lookup (a one-entry cache makes runs of accesses to one page a compare).
//!
//! The happens-before test ([`Clock::ordered`]) is the sanitizer's whole ordering model: two accesses of one CTA are
//! ordered when they are by the same thread, when a CTA-wide barrier completed between them (their epochs
//! differ), or, within a warp, when a `bar.warp.sync` naming both lanes came between them (the warp's vector
//! clock).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Bytes per shadow page.
pub const PAGE: u64 = 256;

/// "No thread" in [`Acc::tid`].
pub const NONE: u16 = u16::MAX;

/// One access, as remembered in a shadow cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Acc {
    /// Instruction (program counter).
    pub pc: u32,
    /// The accessing lane's own component of its warp's vector clock at the access.
    pub clk: u32,
    /// Linear thread index in the CTA ([`NONE`]: no access).
    pub tid: u16,
    /// An atomic (`atom`/`red`).
    pub atomic: bool,
}

impl Acc {
    /// No access.
    pub const EMPTY: Acc = Acc { pc: 0, clk: 0, tid: NONE, atomic: false };

    /// Whether this records an access.
    #[inline]
    pub fn valid(&self) -> bool {
        self.tid != NONE
    }
}

/// The shadow state of one byte.
#[derive(Debug, Clone, Copy)]
pub struct Cell {
    /// The last write (or atomic).
    pub w: Acc,
    /// Its barrier epoch.
    pub wgen: u32,
    /// Up to two reads since the last write, from two different threads, all in epoch `rgen`.
    pub r: [Acc; 2],
    /// Barrier epoch of the reads.
    pub rgen: u32,
}

impl Cell {
    const EMPTY: Cell = Cell { w: Acc::EMPTY, wgen: 0, r: [Acc::EMPTY; 2], rgen: 0 };
}

/// The ordering state of the accessing thread.
#[derive(Debug, Clone, Copy)]
pub struct Clock<'a> {
    /// Linear thread index.
    pub tid: u16,
    /// CTA barrier epoch (completed CTA-wide barriers).
    pub gen: u32,
    /// The thread's row of its warp's vector clock: `vc[l]` is the latest clock of lane `l` this lane has
    /// synchronized with (its own entry is its current clock).
    pub vc: &'a [u32; 32],
}

impl Clock<'_> {
    /// Whether access `a` (epoch `agen`) happens before the current access of this thread.
    #[inline]
    pub fn ordered(&self, a: &Acc, agen: u32) -> bool {
        if a.tid == self.tid || agen < self.gen {
            return true;
        }
        // Same epoch: only a warp barrier naming both lanes orders them.
        a.tid / 32 == self.tid / 32 && self.vc[(a.tid % 32) as usize] >= a.clk
    }

    /// This thread's access record at `pc`.
    #[inline]
    pub fn acc(&self, pc: u32, atomic: bool) -> Acc {
        Acc { pc, clk: self.vc[(self.tid % 32) as usize], tid: self.tid, atomic }
    }
}

/// What a checked access found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hit {
    /// A read after a concurrent write.
    Raw(Acc),
    /// A write after a concurrent read.
    War(Acc),
    /// A write after a concurrent write.
    Waw(Acc),
    /// A read of a byte never written.
    Uninit,
}

/// A multiplicative hasher for page numbers (the default SipHash costs more than the check itself).
#[derive(Default)]
pub struct PageHasher(u64);

impl Hasher for PageHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (v ^ self.0).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type Pages = HashMap<u64, Box<[Cell; PAGE as usize]>, BuildHasherDefault<PageHasher>>;

/// Sparse per-byte shadow of one address space.
#[derive(Default)]
pub struct Shadow {
    pages: Pages,
}

impl Shadow {
    /// The cells of the page holding `addr` (allocated if new) and `addr`'s index in it.
    #[inline]
    fn page(&mut self, addr: u64) -> (&mut [Cell; PAGE as usize], usize) {
        let p = self.pages.entry(addr / PAGE).or_insert_with(|| Box::new([Cell::EMPTY; PAGE as usize]));
        (p, (addr % PAGE) as usize)
    }

    /// Checks and records a read of `size` bytes at `addr` by `c` at `pc`; `init`: report bytes never written.
    /// Returns the first finding (at most one per access).
    #[inline]
    pub fn read(&mut self, c: &Clock<'_>, addr: u64, size: u32, pc: u32, init: bool, atomic: bool) -> Option<Hit> {
        let (page, i) = self.page(addr);
        let me = c.acc(pc, atomic);
        let mut hit = None;
        for cell in &mut page[i..i + size as usize] {
            if hit.is_none() {
                if !cell.w.valid() {
                    if init {
                        hit = Some(Hit::Uninit);
                    }
                } else if !(cell.w.atomic && atomic || c.ordered(&cell.w, cell.wgen)) {
                    hit = Some(Hit::Raw(cell.w));
                }
            }
            if atomic {
                continue;
            }
            // Remember the read: a new epoch starts a new read set; the same thread's record is refreshed;
            // otherwise the second slot holds the latest other thread.
            if cell.rgen != c.gen || !cell.r[0].valid() {
                cell.r = [me, Acc::EMPTY];
                cell.rgen = c.gen;
            } else if cell.r[0].tid == me.tid {
                cell.r[0] = me;
            } else {
                cell.r[1] = me;
            }
        }
        hit
    }

    /// Checks and records a write (or atomic) of `size` bytes at `addr` by `c` at `pc`.
    #[inline]
    pub fn write(&mut self, c: &Clock<'_>, addr: u64, size: u32, pc: u32, atomic: bool) -> Option<Hit> {
        let (page, i) = self.page(addr);
        let me = c.acc(pc, atomic);
        let mut hit = None;
        for cell in &mut page[i..i + size as usize] {
            if hit.is_none() {
                if cell.w.valid() && !(cell.w.atomic && atomic || c.ordered(&cell.w, cell.wgen)) {
                    hit = Some(Hit::Waw(cell.w));
                } else if cell.rgen == c.gen {
                    for r in cell.r {
                        if r.valid() && !c.ordered(&r, cell.rgen) {
                            hit = Some(Hit::War(r));
                            break;
                        }
                    }
                }
            }
            cell.w = me;
            cell.wgen = c.gen;
            cell.r = [Acc::EMPTY; 2];
        }
        hit
    }

    /// Every touched byte with its cell, in no particular order.
    pub fn cells(&self) -> impl Iterator<Item = (u64, &Cell)> {
        self.pages.iter().flat_map(|(&p, cells)| {
            cells
                .iter()
                .enumerate()
                .filter(|(_, c)| c.w.valid() || c.r[0].valid())
                .map(move |(i, c)| (p * PAGE + i as u64, c))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(tid: u16, gen: u32, vc: &[u32; 32]) -> Clock<'_> {
        Clock { tid, gen, vc }
    }

    #[test]
    fn epochs_order_accesses() {
        let vc = [1u32; 32];
        let mut s = Shadow::default();
        assert_eq!(s.write(&clock(0, 0, &vc), 16, 4, 1, false), None);
        // Another warp, same epoch: RAW.
        assert!(matches!(s.read(&clock(40, 0, &vc), 16, 4, 2, true, false), Some(Hit::Raw(a)) if a.tid == 0));
        // After a barrier: ordered.
        assert_eq!(s.read(&clock(41, 1, &vc), 16, 4, 2, true, false), None);
        // A write in epoch 1 by another thread than the readers of epoch 1: WAR.
        assert!(matches!(s.write(&clock(3, 1, &vc), 18, 2, 3, false), Some(Hit::War(_))));
        // Never written: uninitialized, only when asked.
        assert_eq!(s.read(&clock(0, 1, &vc), 64, 4, 4, true, false), Some(Hit::Uninit));
        assert_eq!(s.read(&clock(0, 1, &vc), 72, 4, 4, false, false), None);
    }

    #[test]
    fn atomics_and_warp_clocks() {
        let vc = [1u32; 32];
        let mut s = Shadow::default();
        assert_eq!(s.write(&clock(0, 0, &vc), 0, 4, 1, true), None);
        assert_eq!(s.write(&clock(33, 0, &vc), 0, 4, 1, true), None);
        assert!(matches!(s.read(&clock(2, 0, &vc), 0, 4, 2, true, false), Some(Hit::Raw(_))));
        // Lane 1 wrote at its clock 1; lane 2 synchronized with lane 1 up to clock 1: ordered.
        let mut s = Shadow::default();
        s.write(&clock(1, 0, &vc), 8, 4, 1, false);
        let mut synced = [0u32; 32];
        synced[1] = 1;
        synced[2] = 2;
        assert_eq!(s.read(&clock(2, 0, &synced), 8, 4, 2, true, false), None);
        let unsynced = [0u32; 32];
        assert!(s.read(&clock(3, 0, &unsynced), 8, 4, 2, true, false).is_some());
    }
}
