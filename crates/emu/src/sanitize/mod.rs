//! The emulator sanitizer (`simtc run --sanitize race,sync,init`): data races, barrier and warp-synchronization
//! errors, and reads of uninitialized memory, found while the emulator runs a kernel. `doc/sanitizer.md` states
//! the rules for users; this is the implementation's summary.
//!
//! ## Happens-before
//! Two accesses of one CTA are ordered when (1) they are by the same thread; (2) they are by different warps and a
//! CTA barrier completed between them at which the first warp arrived and the second waited, directly or through
//! a chain of such barriers (a barrier clock per warp, [`cta`]); (3) they are by one warp and it took part in a
//! CTA barrier between them; (4) they are by lanes of one warp and a `bar.warp.sync` whose member mask names both
//! lanes completed between them (a 32 × 32 lane clock per warp). Nothing else orders accesses: not lockstep
//! execution within a warp on sm_70 and later (independent thread scheduling; older targets get lockstep
//! ordering), not shuffles or votes, not fences or atomics. Accesses of *different CTAs* of a launch are never
//! ordered.
//!
//! ## Checks
//! * `race`: two accesses of the same byte, at least one a write, not both atomic, not ordered. Shared memory
//!   within the CTA; global memory within the CTA by the same rules and across CTAs ([`global`]). Reported as
//!   RAW, WAR or WAW with both accesses.
//! * `sync`: an aligned CTA barrier (`bar.*`, `barrier.*.aligned`) that a warp reaches in pieces (some lanes arrive
//!   while others that have not exited arrive later, or never), or that threads of the CTA wait at from different
//!   instructions; a warp-synchronous instruction whose member mask names live lanes held elsewhere (at a
//!   convergence point, a CTA barrier, another collective) when the CTA can go no further — reported, and the
//!   instruction completes with the lanes present instead of deadlocking.
//! * `init`: reads of shared and local memory, and of global buffers the spec declares `init = "none"`, before
//!   any write of the byte (in the CTA; a call's callee frame starts undefined).
//!
//! Findings are deduplicated by (kind, space, race kind, first instruction, second instruction) with a count of
//! dynamic occurrences ([`report`] renders them).
//!
//! Cost: the per-CTA state is allocated only when the sanitizer is on; shadow memory is sparse ([`shadow`]),
//! proportional to the bytes a CTA touches; the cross-CTA map is proportional to the global bytes the launch
//! touches.

pub mod cta;
pub mod global;
pub mod report;
pub mod shadow;

use std::collections::HashMap;

/// The sanitizer's outcome of a launch.
#[derive(Debug, Clone)]
pub struct Report {
    /// The findings.
    pub findings: Findings,
    /// The text report (standard error), empty when nothing was found.
    pub text: String,
    /// The JSON report (`--sanitize-report`).
    pub json: serde_json::Value,
}

/// Which checks run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Kinds {
    /// Data races.
    pub race: bool,
    /// Barrier divergence and warp-synchronous member masks.
    pub sync: bool,
    /// Uninitialized reads.
    pub init: bool,
}

impl Kinds {
    /// Parses `race,sync,init` (any subset, comma-separated) or `all`.
    pub fn parse(list: &str) -> Result<Kinds, String> {
        let mut k = Kinds::default();
        for item in list.split(',').map(str::trim) {
            match item {
                "race" => k.race = true,
                "sync" => k.sync = true,
                "init" => k.init = true,
                "all" => k = Kinds { race: true, sync: true, init: true },
                "" => return Err(format!("empty item in sanitizer list '{list}' (expected race, sync, init or all)")),
                other => return Err(format!("unknown sanitizer check '{other}' (expected race, sync, init or all)")),
            }
        }
        Ok(k)
    }

    /// Whether any check is on.
    pub fn any(&self) -> bool {
        self.race || self.sync || self.init
    }
}

/// Sanitizer configuration of a launch.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// The checks.
    pub kinds: Kinds,
    /// Global address ranges `[start, end)` whose initial bytes are undefined (buffers with `init = "none"`),
    /// sorted.
    pub undefined: Vec<(u64, u64)>,
}

impl Config {
    /// Whether global address `a` starts undefined.
    #[inline]
    pub fn undefined(&self, a: u64) -> bool {
        if self.undefined.is_empty() {
            return false;
        }
        let i = self.undefined.partition_point(|r| r.0 <= a);
        i > 0 && a < self.undefined[i - 1].1
    }
}

/// What a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A data race.
    Race,
    /// An aligned barrier reached by part of a warp or at different instructions.
    BarrierDivergence,
    /// A warp-synchronous instruction whose member mask names lanes that do not execute it.
    WarpSync,
    /// A read of undefined memory.
    Uninitialized,
}

impl Kind {
    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Race => "race",
            Kind::BarrierDivergence => "barrier-divergence",
            Kind::WarpSync => "warp-sync",
            Kind::Uninitialized => "uninitialized",
        }
    }
}

/// The memory space of a finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MemSpace {
    /// `.shared`.
    Shared,
    /// `.global`.
    Global,
    /// `.local`.
    Local,
}

impl MemSpace {
    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            MemSpace::Shared => "shared",
            MemSpace::Global => "global",
            MemSpace::Local => "local",
        }
    }
}

/// The order of a race's accesses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RaceKind {
    /// Read after write.
    Raw,
    /// Write after read.
    War,
    /// Write after write.
    Waw,
}

impl RaceKind {
    /// `RAW`, `WAR`, `WAW`.
    pub fn name(self) -> &'static str {
        match self {
            RaceKind::Raw => "RAW",
            RaceKind::War => "WAR",
            RaceKind::Waw => "WAW",
        }
    }
}

/// What an access of a finding did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AccessOp {
    /// A load.
    Read,
    /// A store.
    Write,
    /// An atomic read-modify-write.
    Atomic,
    /// Arrival at a CTA barrier.
    Barrier,
    /// A warp-synchronous instruction.
    Collective,
    /// Where threads that a barrier or collective waits for are held.
    Elsewhere,
}

impl AccessOp {
    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            AccessOp::Read => "read",
            AccessOp::Write => "write",
            AccessOp::Atomic => "atomic",
            AccessOp::Barrier => "barrier",
            AccessOp::Collective => "collective",
            AccessOp::Elsewhere => "waiting",
        }
    }
}

/// One side of a finding, as recorded while running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawAccess {
    /// Instruction.
    pub pc: u32,
    /// Linear thread index in the CTA.
    pub tid: u16,
    /// Linear CTA index.
    pub cta: u32,
    /// What it did.
    pub op: AccessOp,
}

/// A finding as recorded while running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawFinding {
    /// Kind.
    pub kind: Kind,
    /// Memory space (memory findings).
    pub space: Option<MemSpace>,
    /// Race order (races).
    pub race: Option<RaceKind>,
    /// Address in the space (memory findings).
    pub addr: u64,
    /// The earlier access (races), or where the awaited threads are (sync findings).
    pub first: Option<RawAccess>,
    /// The access that found it.
    pub second: RawAccess,
}

type Key = (Kind, Option<MemSpace>, Option<RaceKind>, u32, u32);

/// Findings deduplicated by instruction pair, in the order first seen, with counts.
#[derive(Debug, Clone, Default)]
pub struct Findings {
    list: Vec<(RawFinding, u64)>,
    index: HashMap<Key, usize>,
}

impl Findings {
    fn key(f: &RawFinding) -> Key {
        (f.kind, f.space, f.race, f.first.map_or(u32::MAX, |a| a.pc), f.second.pc)
    }

    /// Adds one occurrence.
    pub fn add(&mut self, f: RawFinding) {
        self.add_n(f, 1);
    }

    fn add_n(&mut self, f: RawFinding, n: u64) {
        match self.index.get(&Self::key(&f)) {
            Some(&i) => self.list[i].1 += n,
            None => {
                self.index.insert(Self::key(&f), self.list.len());
                self.list.push((f, n));
            }
        }
    }

    /// Adds all of `o`'s findings (the first occurrence of a pair is kept).
    pub fn merge(&mut self, o: Findings) {
        for (f, n) in o.list {
            self.add_n(f, n);
        }
    }

    /// The findings with their counts.
    pub fn list(&self) -> &[(RawFinding, u64)] {
        &self.list
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_lists() {
        assert_eq!(Kinds::parse("all").unwrap(), Kinds { race: true, sync: true, init: true });
        assert_eq!(Kinds::parse("race, init").unwrap(), Kinds { race: true, sync: false, init: true });
        assert!(Kinds::parse("races").unwrap_err().contains("unknown sanitizer check 'races'"));
        assert!(Kinds::parse("race,").is_err());
    }

    #[test]
    fn undefined_ranges() {
        let c = Config { kinds: Kinds::default(), undefined: vec![(100, 110), (200, 201)] };
        assert!(!c.undefined(99) && c.undefined(100) && c.undefined(109) && !c.undefined(110));
        assert!(c.undefined(200) && !c.undefined(201));
    }
}
