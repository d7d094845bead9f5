//! `early-sink`: in a function near the register limit, [`super::sink`] runs once more before `ifconvert`, so
//! that the work only one arm of a branch needs is inside that arm when if-conversion weighs the arm.
//!
//! # Why
//!
//! The IR passes leave pure computations where the IR computed them, often above a chain of guarded stores:
//! Dao's fast Hadamard transform scales and converts all 128 outputs of a thread (`mul.f32` + `cvt.rn.f16.f32`)
//! and then stores them in sixteen chunks, each `if (chunk < n) store.v4`. `sink` would move each chunk's
//! arithmetic into its chunk's branch, where it is live only up to its store. But `ifconvert` runs first and
//! sees arms of one `st.v4` each: it predicates the sixteen stores, the branches are gone, and all 128 converted
//! values stay live from the top of the block to the last store: 255 registers and 40 bytes of spills under
//! `ptxas -c`, where llc-19, whose arms hold the arithmetic (LLVM sinks it), spills nothing. Sunk first, the
//! arms hold 30-odd instructions each, are too big to predicate under a divergent branch, and stay branches.
//!
//! # Rule
//!
//! Only in a *crowded* function: its estimated register pressure ([`super::remat::pressure`], the most 32-bit
//! registers live at a block boundary) is at least `EarlySinkMinPressure` (default 128, `sink`'s own limit
//! `SinkMaxPressure`). Below it registers are not what decides, and if-converting small arms with their
//! operands computed outside is the better trade (the speculated instructions are issued once either way, and
//! the branch goes): moving the sinking before `ifconvert` in every function made the 139 kernels of the
//! tuning sample 0.6% longer in geometric mean, in crowded ones only it changed none of them.
//!
//! And only into arms: an instruction moves (by `sink`'s rules) only to a block that does not post-dominate its
//! own, so it then runs on fewer paths. A move into a block that runs whenever the source does saves nothing,
//! and before `ifconvert` it can carry a chain far down, past blocks `ifconvert` would have merged: with such
//! moves allowed, grrt's `task2` took its sine and cosine polynomials past two `exp` expansions, 126 -> 142
//! registers (occupancy 0.25 -> 0.125). The late `sink` still makes those moves where they remain.
//!
//! The pass is `sink` itself with its rules and cost (linear in the function's size) and one post-dominator
//! tree, plus one liveness solve to measure the pressure, skipped when a bound that needs none
//! ([`super::remat::peak_pressure_bound`]) stays below the limit.

use crate::mir::MFunction;

/// The knob: the estimated register pressure from which sinking also runs before if-conversion.
pub const MIN_PRESSURE_KNOB: &str = "EarlySinkMinPressure";

/// Runs [`super::sink::run`] (with `sink_limit` as its `SinkMaxPressure`) when `f`'s estimated register
/// pressure reaches `min_pressure` (0: never); returns how many instructions moved.
pub fn run(f: &mut MFunction, min_pressure: usize, sink_limit: usize) -> usize {
    if !super::remat::boundary_crowded(f, min_pressure) {
        return 0;
    }
    super::sink::run_with(f, sink_limit, true)
}
