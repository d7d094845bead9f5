//! The process's memory allocator: per-thread size-class free lists in front of the system allocator.
//!
//! A compile allocates and frees small objects at a high rate (instruction operand lists, `SmallVec`s that
//! spill, hash tables of a pass, strings of the printer): about 2,500 allocations for a 150-line kernel and
//! millions for libdevice. glibc's `malloc`/`free` spent about 100 instructions each on them (its thread cache
//! holds seven blocks per size, then the arena's bins and their consolidation take over), 17% of the
//! instructions of a small compile. Rust tells the allocator the size of every block it frees, so a small-block
//! allocator needs no headers and no search:
//!
//! - a request of at most [`MAX_SMALL`] bytes with an alignment of at most 16 belongs to size class
//!   `⌈size / 16⌉`; each thread keeps a singly linked free list per class (the link lives in the freed block)
//!   and a bump region cut from [`CHUNK`]-byte chunks of the system allocator;
//! - `alloc` pops the class's list or bumps; `dealloc` pushes onto the freeing thread's list (a block freed by
//!   another thread than the one that allocated it simply changes lists);
//! - anything larger or more aligned goes to the system allocator unchanged (`malloc`, `calloc` for zeroed
//!   memory, `realloc` when both sizes are large), so big vectors and tables still come from `mmap` and return
//!   to the system when freed.
//!
//! Small blocks are never returned to the system: a freed block waits for the next request of its class on its
//! thread. Threads are the main thread and rayon's workers, which live until the process exits, so nothing is
//! stranded on exited threads in practice. Measured effects are in `doc/throughput.md`.
//!
//! The per-thread state is a `thread_local!` with constant initialization and no destructor, so reaching it
//! never allocates and works at any point of a thread's life, including inside other thread-locals'
//! destructors.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ptr::{self, null_mut};

/// Largest request served from the size classes, in bytes.
pub const MAX_SMALL: usize = 1024;
/// Granularity (and alignment) of the size classes.
const GRAIN: usize = 16;
/// Number of size classes: 16, 32, ..., `MAX_SMALL` bytes.
const CLASSES: usize = MAX_SMALL / GRAIN;
/// Bytes the bump region takes from the system allocator at a time (below glibc's `mmap` threshold).
pub const CHUNK: usize = 64 * 1024;

/// One thread's free lists and bump region.
struct Cache {
    heads: [Cell<*mut u8>; CLASSES],
    bump: Cell<*mut u8>,
    end: Cell<*mut u8>,
}

thread_local! {
    static CACHE: Cache = const {
        Cache { heads: [const { Cell::new(null_mut()) }; CLASSES], bump: Cell::new(null_mut()), end: Cell::new(null_mut()) }
    };
}

/// The allocator: see the module doc.
pub struct SizeClasses;

/// The size class of a small layout, or `None` for the system allocator.
#[inline]
fn class_of(layout: &Layout) -> Option<usize> {
    if layout.size() <= MAX_SMALL && layout.align() <= GRAIN {
        // A zero-size layout never reaches a global allocator; `max(1)` keeps the arithmetic total anyway.
        Some((layout.size().max(1) - 1) / GRAIN)
    } else {
        None
    }
}

impl Cache {
    /// A block of class `c`: the free list's head, else the next bytes of the bump region.
    #[inline]
    fn take(&self, c: usize) -> *mut u8 {
        let head = self.heads[c].get();
        if !head.is_null() {
            // SAFETY: `head` is a freed block of class `c` (at least 16 bytes, 16-aligned) whose first word
            // holds the next block of the list, written by `give`.
            let next = unsafe { ptr::read(head.cast::<*mut u8>()) };
            self.heads[c].set(next);
            return head;
        }
        let size = (c + 1) * GRAIN;
        let bump = self.bump.get();
        if (self.end.get() as usize).wrapping_sub(bump as usize) >= size && !bump.is_null() {
            // SAFETY: `bump + size` stays within the current chunk (checked above).
            self.bump.set(unsafe { bump.add(size) });
            return bump;
        }
        self.refill(size)
    }

    /// A new chunk for the bump region; the rest of the old one is given to the free lists.
    #[cold]
    fn refill(&self, size: usize) -> *mut u8 {
        let mut rest = self.bump.get();
        let end = self.end.get();
        while !rest.is_null() && (end as usize) - (rest as usize) >= GRAIN {
            let left = ((end as usize) - (rest as usize)).min(MAX_SMALL);
            let c = left / GRAIN - 1;
            self.give(c, rest);
            // SAFETY: `(c + 1) * GRAIN <= left` bytes remain from `rest` to `end`.
            rest = unsafe { rest.add((c + 1) * GRAIN) };
        }
        // SAFETY: a non-zero size and a valid power-of-two alignment.
        let chunk = unsafe { System.alloc(Layout::from_size_align_unchecked(CHUNK, GRAIN)) };
        if chunk.is_null() {
            self.bump.set(null_mut());
            self.end.set(null_mut());
            return null_mut();
        }
        // SAFETY: `size <= MAX_SMALL < CHUNK`, both within the chunk just allocated.
        unsafe {
            self.bump.set(chunk.add(size));
            self.end.set(chunk.add(CHUNK));
        }
        chunk
    }

    /// Puts `block` (of class `c`) on its free list.
    #[inline]
    fn give(&self, c: usize, block: *mut u8) {
        // SAFETY: `block` is an unused block of class `c`, 16-aligned and at least 16 bytes: its first word is
        // free for the link.
        unsafe { ptr::write(block.cast::<*mut u8>(), self.heads[c].get()) };
        self.heads[c].set(block);
    }
}

// SAFETY: small blocks are `(class + 1) * 16` bytes at 16-byte alignment, handed to one caller at a time (a
// block is on at most one free list, and only while no caller owns it); every other layout is passed to the
// system allocator with the same layout it will be freed with, since the class decision depends only on the
// layout.
unsafe impl GlobalAlloc for SizeClasses {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match class_of(&layout) {
            Some(c) => CACHE.with(|cache| cache.take(c)),
            // SAFETY: the caller's layout is valid and non-zero (`GlobalAlloc::alloc`'s contract).
            None => unsafe { System.alloc(layout) },
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match class_of(&layout) {
            Some(c) => CACHE.with(|cache| cache.give(c, ptr)),
            // SAFETY: `ptr` came from `System.alloc` with this layout (same class decision).
            None => unsafe { System.dealloc(ptr, layout) },
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match class_of(&layout) {
            Some(c) => {
                let p = CACHE.with(|cache| cache.take(c));
                if !p.is_null() {
                    // SAFETY: `p` is a block of at least `layout.size()` bytes owned by this caller.
                    unsafe { ptr::write_bytes(p, 0, layout.size()) };
                }
                p
            }
            // SAFETY: as in `alloc`.
            None => unsafe { System.alloc_zeroed(layout) },
        }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `GlobalAlloc::realloc`'s contract: `new_size` rounded to the alignment does not overflow.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (class_of(&layout), class_of(&new_layout)) {
            (Some(a), Some(b)) if a == b => ptr,
            // SAFETY: both blocks came from (and go back to) the system allocator.
            (None, None) => unsafe { System.realloc(ptr, layout, new_size) },
            _ => {
                // SAFETY: a fresh block of the new layout; the old block holds `layout.size()` initialized
                // bytes, the new one has room for `new_size`; the old block is freed with its own layout.
                unsafe {
                    let new = self.alloc(new_layout);
                    if !new.is_null() {
                        ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                    new
                }
            }
        }
    }
}

/// Tunes glibc's `malloc` for a short-lived compiler process: large blocks (the token array, the IR's
/// instruction tables, a pass's per-function maps) come from the heap instead of fresh `mmap`s, and freed heap
/// memory is not returned to the system. Without it, each large block freed went back to the kernel and the next
/// one was faulted in and zeroed again: on libdevice 6,970 page faults instead of 5,860 (measured with `perf
/// stat`; about 1.5-2 µs each on the development machine, where page faults were 13% of the compile's time). The
/// peak resident set is unchanged (the memory is reused, not added). A no-op off glibc.
pub fn tune_system_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // glibc's `mallopt` parameters (malloc.h).
        const M_TRIM_THRESHOLD: i32 = -1;
        const M_MMAP_THRESHOLD: i32 = -3;
        extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        // SAFETY: `mallopt` only sets allocator parameters; called before any thread exists. 32 MiB is glibc's
        // largest mmap threshold on 64-bit; blocks above it still come from `mmap`.
        unsafe {
            mallopt(M_MMAP_THRESHOLD, 32 << 20);
            mallopt(M_TRIM_THRESHOLD, i32::MAX);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_cover_sizes_and_alignments() {
        let l = |s, a| Layout::from_size_align(s, a).unwrap();
        assert_eq!(class_of(&l(1, 1)), Some(0));
        assert_eq!(class_of(&l(16, 8)), Some(0));
        assert_eq!(class_of(&l(17, 8)), Some(1));
        assert_eq!(class_of(&l(MAX_SMALL, 16)), Some(CLASSES - 1));
        assert_eq!(class_of(&l(MAX_SMALL + 1, 8)), None);
        assert_eq!(class_of(&l(64, 32)), None);
    }

    #[test]
    fn blocks_are_distinct_aligned_and_reused() {
        let a = SizeClasses;
        let layouts: Vec<Layout> = [1, 8, 16, 24, 100, 512, 1024, 1025, 4096]
            .iter()
            .map(|&s| Layout::from_size_align(s, 8).unwrap())
            .collect();
        let mut live = Vec::new();
        for round in 0..200u8 {
            for l in &layouts {
                // SAFETY: non-zero layouts; each block is written within its size and freed once below.
                let p = unsafe { a.alloc(*l) };
                assert!(!p.is_null());
                assert_eq!(p as usize % 8, 0);
                unsafe { ptr::write_bytes(p, round, l.size()) };
                live.push((p, *l, round));
            }
        }
        for &(p, l, round) in &live {
            // SAFETY: each block is live and `l.size()` bytes long.
            let bytes = unsafe { std::slice::from_raw_parts(p, l.size()) };
            assert!(bytes.iter().all(|&b| b == round), "a block was overwritten by another");
        }
        let first = live[0];
        for (p, l, _) in live.drain(..) {
            // SAFETY: allocated above with `l`, freed once.
            unsafe { a.dealloc(p, l) };
        }
        // The last block freed of a class is the next one handed out.
        // SAFETY: a valid layout; the block is freed right after.
        let again = unsafe { a.alloc(first.1) };
        assert!(!again.is_null());
        unsafe { a.dealloc(again, first.1) };
    }

    #[test]
    fn realloc_moves_between_classes_and_the_system() {
        let a = SizeClasses;
        let l = Layout::from_size_align(10, 1).unwrap();
        // SAFETY: valid layouts and sizes; each pointer is used with the layout it has at that point.
        unsafe {
            let mut p = a.alloc(l);
            for i in 0..10u8 {
                *p.add(i as usize) = i;
            }
            let mut size = 10;
            for new_size in [12, 40, 1000, 5000, 70_000, 300, 10] {
                p = a.realloc(p, Layout::from_size_align(size, 1).unwrap(), new_size);
                assert!(!p.is_null());
                for i in 0..10u8 {
                    assert_eq!(*p.add(i as usize), i);
                }
                size = new_size;
            }
            a.dealloc(p, Layout::from_size_align(size, 1).unwrap());
            let z = a.alloc_zeroed(Layout::from_size_align(48, 16).unwrap());
            assert!(std::slice::from_raw_parts(z, 48).iter().all(|&b| b == 0));
            a.dealloc(z, Layout::from_size_align(48, 16).unwrap());
        }
    }

    #[test]
    fn threads_free_each_others_blocks() {
        let a = &SizeClasses;
        let l = Layout::from_size_align(64, 8).unwrap();
        // SAFETY: blocks move between threads as plain addresses and are freed once, with their layout.
        let blocks: Vec<usize> = (0..1000).map(|_| unsafe { a.alloc(l) } as usize).collect();
        std::thread::scope(|s| {
            s.spawn(|| {
                for &b in &blocks {
                    unsafe { a.dealloc(b as *mut u8, l) };
                }
                for _ in 0..1000 {
                    let p = unsafe { a.alloc(l) };
                    unsafe { ptr::write_bytes(p, 1, 64) };
                    unsafe { a.dealloc(p, l) };
                }
            });
        });
    }
}
