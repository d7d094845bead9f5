//! Memory spaces: global memory shared by all CTAs, and byte arrays for the per-CTA and per-thread spaces.
//!
//! Global memory is a sorted list of segments (module `.global` variables and launch buffers), each a vector of
//! `AtomicU32` words so that CTAs running on different host threads can share it without `unsafe`: aligned 32-bit
//! accesses are single relaxed loads and stores (plain moves on x86-64), 64-bit accesses two of them, sub-word
//! stores a compare-and-swap loop on the containing word, and 32-bit atomics `fetch_update` on the word. 64-bit
//! atomics take one of 64 striped locks (by address); mixing them with plain racing accesses to the same location
//! is a data race in PTX too. Any address outside a segment is an out-of-bounds fault — segments are separated by
//! unmapped gaps, so running off the end of a buffer is caught rather than hitting its neighbour.

use crate::ptx::ast::Space;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::Mutex;

/// A memory fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// No memory at `[addr, addr+size)` in `space`.
    OutOfBounds {
        /// State space.
        space: Space,
        /// Address (in the space).
        addr: u64,
        /// Access size in bytes.
        size: u32,
    },
    /// `addr` is not a multiple of the access size.
    Misaligned {
        /// State space.
        space: Space,
        /// Address.
        addr: u64,
        /// Access size (the required alignment).
        size: u32,
    },
    /// A store to read-only memory.
    ReadOnly {
        /// State space.
        space: Space,
        /// Address.
        addr: u64,
    },
}

impl Fault {
    /// A human-readable description.
    pub fn describe(&self, store: bool) -> String {
        let what = if store { "store to" } else { "load from" };
        match self {
            Fault::OutOfBounds { space, addr, size } => {
                format!("out-of-bounds {size}-byte {what} .{} address {addr:#x}", space.name())
            }
            Fault::Misaligned { space, addr, size } => {
                format!(
                    "misaligned {size}-byte {what} .{} address {addr:#x} (must be a multiple of {size})",
                    space.name()
                )
            }
            Fault::ReadOnly { space, addr } => format!("store to read-only .{} memory at {addr:#x}", space.name()),
        }
    }
}

/// One mapped range of global memory.
#[derive(Debug)]
pub struct Segment {
    /// First address.
    pub base: u64,
    /// Length in bytes.
    pub len: u64,
    /// Contents.
    words: Vec<AtomicU32>,
    /// Buffer or variable name (for diagnostics).
    pub name: String,
}

/// Global memory.
#[derive(Debug)]
pub struct GlobalMem {
    segs: Vec<Segment>,
    locks: Vec<Mutex<()>>,
}

impl Default for GlobalMem {
    fn default() -> Self {
        GlobalMem::new()
    }
}

impl GlobalMem {
    /// Empty global memory.
    pub fn new() -> GlobalMem {
        GlobalMem { segs: Vec::new(), locks: (0..64).map(|_| Mutex::new(())).collect() }
    }

    /// Maps `data` at `base` (which must not overlap an existing segment).
    pub fn map(&mut self, base: u64, data: &[u8], name: &str) {
        let nwords = data.len().div_ceil(4).max(1);
        let mut words = Vec::with_capacity(nwords);
        for k in 0..nwords {
            let mut b = [0u8; 4];
            for (j, x) in b.iter_mut().enumerate() {
                if let Some(v) = data.get(k * 4 + j) {
                    *x = *v;
                }
            }
            words.push(AtomicU32::new(u32::from_le_bytes(b)));
        }
        let seg = Segment { base, len: data.len() as u64, words, name: name.to_string() };
        let at = self.segs.partition_point(|s| s.base < base);
        self.segs.insert(at, seg);
    }

    /// The segments, by address.
    pub fn segments(&self) -> &[Segment] {
        &self.segs
    }

    /// The segment holding `[addr, addr+size)`.
    #[inline]
    fn find(&self, addr: u64, size: u32) -> Result<(&Segment, usize), Fault> {
        let i = self.segs.partition_point(|s| s.base <= addr);
        if i > 0 {
            let s = &self.segs[i - 1];
            let off = addr - s.base;
            if off + size as u64 <= s.len {
                return Ok((s, off as usize));
            }
        }
        Err(Fault::OutOfBounds { space: Space::Global, addr, size })
    }

    /// Loads `size` (1, 2, 4, 8) bytes at an aligned `addr`.
    #[inline]
    pub fn load(&self, addr: u64, size: u32) -> Result<u64, Fault> {
        let (s, off) = self.find(addr, size)?;
        let w = off / 4;
        Ok(match size {
            4 => s.words[w].load(Relaxed) as u64,
            8 => s.words[w].load(Relaxed) as u64 | (s.words[w + 1].load(Relaxed) as u64) << 32,
            _ => {
                let v = s.words[w].load(Relaxed) >> ((off % 4) * 8);
                crate::lanes::trunc(v as u64, size * 8)
            }
        })
    }

    /// Stores the low `size` bytes of `v` at an aligned `addr`.
    #[inline]
    pub fn store(&self, addr: u64, size: u32, v: u64) -> Result<(), Fault> {
        let (s, off) = self.find(addr, size)?;
        let w = off / 4;
        match size {
            4 => s.words[w].store(v as u32, Relaxed),
            8 => {
                s.words[w].store(v as u32, Relaxed);
                s.words[w + 1].store((v >> 32) as u32, Relaxed);
            }
            _ => {
                let shift = (off % 4) * 8;
                let m = (((1u64 << (size * 8)) - 1) as u32) << shift;
                let bits = ((v as u32) << shift) & m;
                let _ = s.words[w].fetch_update(Relaxed, Relaxed, |old| Some((old & !m) | bits));
            }
        }
        Ok(())
    }

    /// Atomically replaces the aligned 32-bit word at `addr` with `f(old)`; returns `old`.
    pub fn atomic32(&self, addr: u64, f: impl Fn(u32) -> u32) -> Result<u32, Fault> {
        let (s, off) = self.find(addr, 4)?;
        Ok(match s.words[off / 4].fetch_update(Relaxed, Relaxed, |old| Some(f(old))) {
            Ok(v) | Err(v) => v,
        })
    }

    /// Atomically replaces the aligned 64-bit value at `addr` with `f(old)`; returns `old`.
    pub fn atomic64(&self, addr: u64, f: impl Fn(u64) -> u64) -> Result<u64, Fault> {
        let (s, off) = self.find(addr, 8)?;
        let _guard = self.locks[((addr >> 3) % 64) as usize].lock().unwrap_or_else(|e| e.into_inner());
        let w = off / 4;
        let old = s.words[w].load(Relaxed) as u64 | (s.words[w + 1].load(Relaxed) as u64) << 32;
        let new = f(old);
        s.words[w].store(new as u32, Relaxed);
        s.words[w + 1].store((new >> 32) as u32, Relaxed);
        Ok(old)
    }

    /// The bytes of `[base, base+len)`, which must lie in one segment.
    pub fn read_bytes(&self, base: u64, len: u64) -> Option<Vec<u8>> {
        if len == 0 {
            return Some(Vec::new());
        }
        let (s, off) = self.find(base, 1).ok()?;
        if off as u64 + len > s.len {
            return None;
        }
        let mut out = Vec::with_capacity(len as usize);
        for k in off..off + len as usize {
            out.push((s.words[k / 4].load(Relaxed) >> ((k % 4) * 8)) as u8);
        }
        Some(out)
    }
}

/// Loads `size` bytes at `off` from a byte array.
#[inline]
pub fn load_bytes(mem: &[u8], off: u64, size: u32) -> Option<u64> {
    let o = usize::try_from(off).ok()?;
    let end = o.checked_add(size as usize)?;
    let b = mem.get(o..end)?;
    Some(match size {
        1 => b[0] as u64,
        2 => u16::from_le_bytes([b[0], b[1]]) as u64,
        4 => u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64,
        _ => u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
    })
}

/// Stores the low `size` bytes of `v` at `off` into a byte array; `false` when out of bounds.
#[inline]
pub fn store_bytes(mem: &mut [u8], off: u64, size: u32, v: u64) -> bool {
    let Ok(o) = usize::try_from(off) else { return false };
    let Some(end) = o.checked_add(size as usize) else { return false };
    match mem.get_mut(o..end) {
        Some(dst) => {
            dst.copy_from_slice(&v.to_le_bytes()[..size as usize]);
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_segments() {
        let mut g = GlobalMem::new();
        g.map(0x1000, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "a");
        g.map(0x2000, &[0; 4], "b");
        assert_eq!(g.load(0x1000, 4).unwrap(), 0x0403_0201);
        assert_eq!(g.load(0x1000, 8).unwrap(), 0x0807_0605_0403_0201);
        assert_eq!(g.load(0x1009, 1).unwrap(), 10);
        assert!(g.load(0x1008, 4).is_err());
        assert!(g.load(0x1800, 4).is_err());
        g.store(0x1001, 1, 0xFF).unwrap();
        assert_eq!(g.load(0x1000, 4).unwrap(), 0x0403_FF01);
        g.store(0x2000, 4, 7).unwrap();
        assert_eq!(g.atomic32(0x2000, |x| x + 1).unwrap(), 7);
        assert_eq!(g.read_bytes(0x2000, 4).unwrap(), vec![8, 0, 0, 0]);
        assert!(g.load(0xFFF, 1).is_err());
    }

    #[test]
    fn byte_arrays() {
        let mut m = vec![0u8; 8];
        assert!(store_bytes(&mut m, 4, 4, 0xAABB_CCDD));
        assert_eq!(load_bytes(&m, 4, 2), Some(0xCCDD));
        assert!(!store_bytes(&mut m, 6, 4, 0));
        assert_eq!(load_bytes(&m, 7, 2), None);
    }
}
