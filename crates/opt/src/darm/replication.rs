//! Block–region melding by region replication (seed 001 §4.3) — **not implemented yet**.
//!
//! When one side of a meldable region is a single block and the other a larger region, the paper replicates the
//! region's control flow around the block (branch conditions fixed to constants, phis at the dominance frontiers,
//! stores fully predicated with an extra load + select) so that the two sides become isomorphic and the
//! region–region code generator applies. simtc does not do this yet: such regions are recognised
//! ([`super::detection::Shape::BlockRegion`]) and reported (`darm-report=1`: "block-region: needs replication"),
//! and left unchanged; `darm-disable-region-replication` is accepted and currently has no effect.
//!
//! The SB1–SB4 examples do not need it: SB4's three-way chain melds its inner if/else first, and the fixpoint
//! then sees two single blocks.

use super::detection::Shape;

/// Whether the shape would need region replication.
pub fn needs_replication(s: &Shape) -> bool {
    matches!(s, Shape::BlockRegion)
}
