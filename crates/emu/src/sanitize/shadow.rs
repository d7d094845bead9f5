//! Shadow memory: one [`Cell`] per byte touched, in sparse pages keyed by address.
//!
//! A cell remembers the last write of its byte (thread, barrier epoch of its warp, lane clock, instruction, atomic
//! or not) and up to two reads since then. Pages of [`PAGE`] bytes are allocated the first time one of their bytes
//! is accessed, so the shadow's size is proportional to the memory a CTA touches, never to the size of a space.
//! An aligned access of at most 8 bytes never crosses a page, so each lane access costs one page lookup.
//!
//! The happens-before test ([`Clock::ordered`]) is the sanitizer's whole ordering model: two accesses of one CTA
//! are ordered when they are by the same thread; when they are by different warps and a CTA barrier that the first
//! warp arrived at and the second warp waited at completed between them (the CTA's per-warp *barrier clocks*:
//! each warp's epoch advances when it takes part in a barrier, and a waiting warp learns the epochs of every warp
//! that arrived); when they are by one warp and a barrier it took part in came between them; or, within a warp in
//! one epoch, when a `bar.warp.sync` naming both lanes came between them (the warp's lane clocks).
//!
//! Reads: a cell keeps two. A new read replaces a remembered read that happens before it (any later write
//! concurrent with that read is concurrent with the new one too, by transitivity, so nothing is lost) or the
//! same thread's; otherwise it takes the second slot. A race whose only unordered reader was a third concurrent
//! reader can be missed.

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
    /// The accessing warp's barrier epoch at the access.
    pub epoch: u32,
    /// The accessing lane's own lane clock at the access.
    pub clk: u32,
    /// Linear thread index in the CTA ([`NONE`]: no access).
    pub tid: u16,
    /// An atomic (`atom`/`red`).
    pub atomic: bool,
}

impl Acc {
    /// No access.
    pub const EMPTY: Acc = Acc { pc: 0, epoch: 0, clk: 0, tid: NONE, atomic: false };

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
    /// Up to two reads since the last write, by different threads.
    pub r: [Acc; 2],
}

impl Cell {
    const EMPTY: Cell = Cell { w: Acc::EMPTY, r: [Acc::EMPTY; 2] };
}

/// The ordering state of the accessing thread.
#[derive(Debug, Clone, Copy)]
pub struct Clock<'a> {
    /// Linear thread index.
    pub tid: u16,
    /// The thread's warp's barrier clock: entry `v` is the latest epoch of warp `v` this warp has synchronized
    /// with through a CTA barrier; its own entry is its current epoch.
    pub bar: &'a [u32; 32],
    /// The thread's row of its warp's lane clocks: `vc[l]` is the latest clock of lane `l` this lane has
    /// synchronized with through `bar.warp.sync` (its own entry is its current clock).
    pub vc: &'a [u32; 32],
}

impl Clock<'_> {
    /// Whether access `a` happens before the current access of this thread.
    #[inline]
    pub fn ordered(&self, a: &Acc) -> bool {
        if a.tid == self.tid {
            return true;
        }
        let (aw, me) = ((a.tid / 32) as usize, (self.tid / 32) as usize);
        if aw != me {
            return self.bar[aw] >= a.epoch;
        }
        // One warp: a barrier since, or a warp barrier naming both lanes.
        a.epoch < self.bar[me] || self.vc[(a.tid % 32) as usize] >= a.clk
    }

    /// This thread's access record at `pc`.
    #[inline]
    pub fn acc(&self, pc: u32, atomic: bool) -> Acc {
        Acc {
            pc,
            epoch: self.bar[(self.tid / 32) as usize],
            clk: self.vc[(self.tid % 32) as usize],
            tid: self.tid,
            atomic,
        }
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
    /// An atomic is checked as a read here (and then as a write) but not remembered as one. Returns the first
    /// finding (at most one per access).
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
                } else if !(cell.w.atomic && atomic || c.ordered(&cell.w)) {
                    hit = Some(Hit::Raw(cell.w));
                }
            }
            if atomic {
                continue;
            }
            // The first slot if its read is ordered before this one (or empty), else the second.
            let slot = usize::from(cell.r[0].valid() && !c.ordered(&cell.r[0]));
            cell.r[slot] = me;
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
                if cell.w.valid() && !(cell.w.atomic && atomic || c.ordered(&cell.w)) {
                    hit = Some(Hit::Waw(cell.w));
                } else if let Some(r) = cell.r.iter().find(|r| r.valid() && !c.ordered(r)) {
                    hit = Some(Hit::War(*r));
                }
            }
            cell.w = me;
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

    /// Barrier clock of warp `me` at `epoch`, having seen every other warp at `seen`.
    fn bar(me: usize, epoch: u32, seen: u32) -> [u32; 32] {
        let mut b = [seen; 32];
        b[me] = epoch;
        b
    }

    #[test]
    fn barrier_clocks_order_accesses() {
        let vc = [1u32; 32];
        let mut s = Shadow::default();
        let (w0, w1) = (bar(0, 1, 0), bar(1, 1, 0));
        assert_eq!(s.write(&Clock { tid: 0, bar: &w0, vc: &vc }, 16, 4, 1, false), None);
        // Another warp, no barrier: RAW.
        let h = s.read(&Clock { tid: 40, bar: &w1, vc: &vc }, 16, 4, 2, true, false);
        assert!(matches!(h, Some(Hit::Raw(a)) if a.tid == 0));
        // After a barrier both warps took part in (epochs 2, each has seen the other's 1): ordered.
        let (w0, w1) = (bar(0, 2, 1), bar(1, 2, 1));
        assert_eq!(s.read(&Clock { tid: 41, bar: &w1, vc: &vc }, 16, 4, 2, true, false), None);
        // A write by warp 0 in epoch 2 races with warp 1's read in epoch 2: WAR.
        assert!(matches!(s.write(&Clock { tid: 3, bar: &w0, vc: &vc }, 18, 2, 3, false), Some(Hit::War(_))));
        // Never written: uninitialized, only when asked.
        assert_eq!(s.read(&Clock { tid: 0, bar: &w0, vc: &vc }, 64, 4, 4, true, false), Some(Hit::Uninit));
        assert_eq!(s.read(&Clock { tid: 0, bar: &w0, vc: &vc }, 72, 4, 4, false, false), None);
    }

    #[test]
    fn atomics_and_lane_clocks() {
        let vc = [1u32; 32];
        let (w0, w1) = (bar(0, 1, 0), bar(1, 1, 0));
        let mut s = Shadow::default();
        assert_eq!(s.write(&Clock { tid: 0, bar: &w0, vc: &vc }, 0, 4, 1, true), None);
        assert_eq!(s.write(&Clock { tid: 33, bar: &w1, vc: &vc }, 0, 4, 1, true), None);
        assert!(matches!(s.read(&Clock { tid: 2, bar: &w0, vc: &vc }, 0, 4, 2, true, false), Some(Hit::Raw(_))));
        // Lane 1 wrote at its clock 1; lane 2 synchronized with lane 1 up to clock 1: ordered.
        let mut s = Shadow::default();
        s.write(&Clock { tid: 1, bar: &w0, vc: &vc }, 8, 4, 1, false);
        let mut synced = [0u32; 32];
        synced[1] = 1;
        synced[2] = 2;
        assert_eq!(s.read(&Clock { tid: 2, bar: &w0, vc: &synced }, 8, 4, 2, true, false), None);
        let unsynced = [0u32; 32];
        assert!(s.read(&Clock { tid: 3, bar: &w0, vc: &unsynced }, 8, 4, 2, true, false).is_some());
    }

    #[test]
    fn ordered_reads_make_room() {
        let vc = [1u32; 32];
        let mut s = Shadow::default();
        // Warps 0 and 1 read in epoch 1, then (after a barrier) warps 2 and 3 read; warp 4 then writes without a
        // barrier: the latest readers are remembered and the write races with one of them.
        for (t, b) in [(0, bar(0, 1, 0)), (32, bar(1, 1, 0))] {
            s.read(&Clock { tid: t, bar: &b, vc: &vc }, 0, 4, 1, false, false);
        }
        for (t, b) in [(64, bar(2, 2, 1)), (96, bar(3, 2, 1))] {
            s.read(&Clock { tid: t, bar: &b, vc: &vc }, 0, 4, 2, false, false);
        }
        let h = s.write(&Clock { tid: 128, bar: &bar(4, 2, 1), vc: &vc }, 0, 4, 3, false);
        assert!(matches!(h, Some(Hit::War(a)) if a.tid == 64 || a.tid == 96), "{h:?}");
    }
}
