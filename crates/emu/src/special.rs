//! PTX special registers (PTX ISA, "Special Registers") and the values the emulator gives them.
//!
//! The emulator models one SM that runs the CTAs of a launch one at a time (as many host threads as `--jobs`, but
//! each CTA sees itself alone on SM 0), launches without clusters (every CTA is a cluster of one) and without a
//! driver, performance monitors or CUDA graphs. The predefined identifier `WARP_SZ` (the warp size, 32) is an
//! integer constant and is folded by the parser ([`crate::ptx::parser`]).
//!
//! | register | type | value |
//! |---|---|---|
//! | `%tid.{x,y,z}`, `%ntid.*`, `%ctaid.*`, `%nctaid.*` | `.u32` (also read by 16-bit `mov`/`cvt`, legacy) | thread index, block size, CTA index, grid size; `.w` is 0 |
//! | `%tid`, `%ntid`, `%ctaid`, `%nctaid` | `.v4 .u32` (`mov.v4.u32 {a, b, c, d}, %tid`; also `.v4 .u16`) | the four components |
//! | `%clusterid.*`, `%nclusterid.*` | `.u32`, `.v4 .u32` | `%ctaid.*`, `%nctaid.*` (clusters of one CTA); `.w` is 0 |
//! | `%cluster_ctaid.*`, `%cluster_nctaid.*` | `.u32`, `.v4 .u32` | 0 and 1 for `.x .y .z`; `.w` is 0 |
//! | `%cluster_ctarank`, `%cluster_nctarank` | `.u32` | 0, 1 |
//! | `%is_explicit_cluster` | `.pred` | false |
//! | `%laneid` | `.u32` | the lane (0–31) |
//! | `%warpid`, `%nwarpid` | `.u32` | the warp's index in the CTA; the CTA's warp count (warps of other CTAs are never on the emulated SM) |
//! | `%smid`, `%nsmid` | `.u32` | 0, 1 |
//! | `%gridid` | `.u64` (also read by 32- and 16-bit `mov`) | 0 |
//! | `%lanemask_eq`, `_le`, `_lt`, `_ge`, `_gt` | `.u32` | the lanes equal to, ≤, <, ≥, > `%laneid` |
//! | `%clock64` | `.u64` | warp instructions the CTA has issued so far, the reading instruction included: monotonic and strictly increasing between two reads in one thread |
//! | `%clock`, `%clock_hi` | `.u32` | the low and high 32 bits of `%clock64` |
//! | `%globaltimer` | `.u64` | `%clock64 · 1000` (nanoseconds, at one warp instruction per microsecond): monotonic within a CTA, deterministic |
//! | `%globaltimer_lo`, `%globaltimer_hi` | `.u32` | its low and high 32 bits |
//! | `%pm0`…`%pm7` / `%pm0_64`…`%pm7_64` | `.u32` / `.u64` | 0 (no performance monitors) |
//! | `%envreg0`…`%envreg31` | `.b32` | 0 (no driver-defined values) |
//! | `%reserved_smem_offset_begin`, `_end`, `_cap`, `%reserved_smem_offset_0`, `_1` | `.b32` | 0 (no reserved shared memory) |
//! | `%total_smem_size`, `%aggr_smem_size` | `.u32` | the CTA's shared memory in bytes, static and dynamic (no reserved region, no allocation granularity) |
//! | `%dynamic_smem_size` | `.u32` | the launch's dynamic shared memory in bytes |
//! | `%current_graph_exec` | `.u64` | 0 (not launched from a CUDA graph) |
//!
//! `mov` checks the register width as ptxas does ([`MovWidth`]): `mov.u32 %r1, %clock64` and `mov.u64 %rd1,
//! %clock` are errors.

use crate::engine::Warp;
use crate::exec::{CtaMem, Env};
use crate::lanes::trunc;
use crate::program::Sreg;

/// The `mov` widths a special register may be read with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MovWidth {
    /// 32 bits.
    B32,
    /// 32 or 16 bits (`%tid`, `%ntid`, `%ctaid`, `%nctaid` components: legacy 16-bit reads).
    B16Or32,
    /// 64 bits.
    B64,
    /// 16, 32 or 64 bits (`%gridid`, 32-bit before PTX 3.0).
    Any,
    /// A predicate (`mov.pred`).
    Pred,
}

impl MovWidth {
    /// Whether a `mov` of `bits` bits may read the register.
    pub fn allows(self, bits: u32) -> bool {
        match self {
            MovWidth::B32 => bits == 32,
            MovWidth::B16Or32 => bits == 16 || bits == 32,
            MovWidth::B64 => bits == 64,
            MovWidth::Any => matches!(bits, 16 | 32 | 64),
            MovWidth::Pred => false,
        }
    }
}

/// The vector special registers and whether their components may be read by 16-bit moves.
const VECTORS: [(&str, bool); 8] = [
    ("%tid", true),
    ("%ntid", true),
    ("%ctaid", true),
    ("%nctaid", true),
    ("%clusterid", false),
    ("%nclusterid", false),
    ("%cluster_ctaid", false),
    ("%cluster_nctaid", false),
];

/// Component `c` (0–3 for `.x .y .z .w`) of vector special register `base`.
fn component(base: &str, c: u8) -> Option<Sreg> {
    if c == 3 {
        return VECTORS.iter().any(|v| v.0 == base).then_some(Sreg::Zero);
    }
    Some(match base {
        "%tid" => Sreg::Tid(c),
        "%ntid" => Sreg::Ntid(c),
        "%ctaid" | "%clusterid" => Sreg::Ctaid(c),
        "%nctaid" | "%nclusterid" => Sreg::Nctaid(c),
        "%cluster_ctaid" => Sreg::Zero,
        "%cluster_nctaid" => Sreg::One,
        _ => return None,
    })
}

/// Whether `name` is `prefix` followed by a decimal number below `n` (`%pm7`, `%envreg31`), with `suffix` after it.
fn numbered(name: &str, prefix: &str, n: u32, suffix: &str) -> bool {
    name.strip_prefix(prefix).and_then(|r| r.strip_suffix(suffix)).is_some_and(|d| {
        !d.is_empty()
            && d.bytes().all(|b| b.is_ascii_digit())
            && (d.len() == 1 || !d.starts_with('0'))
            && d.parse::<u32>().is_ok_and(|v| v < n)
    })
}

/// The special register a scalar name (`%laneid`, `%tid.x`) reads, and the `mov` widths it allows; `None` for a
/// name that is not one. `%is_explicit_cluster` is a predicate ([`MovWidth::Pred`], read as the constant false).
pub fn lookup(name: &str) -> Option<(Sreg, MovWidth)> {
    if let Some((base, c)) = name.split_once('.') {
        let c = match c {
            "x" => 0,
            "y" => 1,
            "z" => 2,
            "w" => 3,
            _ => return None,
        };
        let sr = component(base, c)?;
        let legacy16 = VECTORS.iter().any(|v| v.0 == base && v.1);
        return Some((sr, if legacy16 { MovWidth::B16Or32 } else { MovWidth::B32 }));
    }
    use MovWidth::*;
    Some(match name {
        "%laneid" => (Sreg::LaneId, B32),
        "%warpid" => (Sreg::WarpId, B32),
        "%nwarpid" => (Sreg::NWarpId, B32),
        "%smid" => (Sreg::SmId, B32),
        "%nsmid" => (Sreg::NSmId, B32),
        "%gridid" => (Sreg::GridId, Any),
        "%lanemask_eq" => (Sreg::LanemaskEq, B32),
        "%lanemask_le" => (Sreg::LanemaskLe, B32),
        "%lanemask_lt" => (Sreg::LanemaskLt, B32),
        "%lanemask_ge" => (Sreg::LanemaskGe, B32),
        "%lanemask_gt" => (Sreg::LanemaskGt, B32),
        "%clock" => (Sreg::Clock, B32),
        "%clock_hi" => (Sreg::ClockHi, B32),
        "%clock64" => (Sreg::Clock64, B64),
        "%globaltimer" => (Sreg::GlobalTimer, B64),
        "%globaltimer_lo" => (Sreg::GlobalTimerLo, B32),
        "%globaltimer_hi" => (Sreg::GlobalTimerHi, B32),
        "%dynamic_smem_size" => (Sreg::DynSmem, B32),
        "%total_smem_size" | "%aggr_smem_size" => (Sreg::TotalSmem, B32),
        "%cluster_ctarank" => (Sreg::Zero, B32),
        "%cluster_nctarank" => (Sreg::One, B32),
        "%is_explicit_cluster" => (Sreg::Zero, Pred),
        "%current_graph_exec" => (Sreg::Zero, B64),
        "%reserved_smem_offset_begin"
        | "%reserved_smem_offset_end"
        | "%reserved_smem_offset_cap"
        | "%reserved_smem_offset_0"
        | "%reserved_smem_offset_1" => (Sreg::Zero, B32),
        n if numbered(n, "%pm", 8, "_64") => (Sreg::Zero, B64),
        n if numbered(n, "%pm", 8, "") || numbered(n, "%envreg", 32, "") => (Sreg::Zero, B32),
        _ => return None,
    })
}

/// The four components of a vector special register read whole (`mov.v4.u32 {a, b, c, d}, %tid`), and whether
/// 16-bit moves may read it; `None` if `name` is not one.
pub fn vector(name: &str) -> Option<([Sreg; 4], bool)> {
    let &(_, legacy16) = VECTORS.iter().find(|v| v.0 == name)?;
    let c = |k| component(name, k).expect("a vector register has four components");
    Some(([c(0), c(1), c(2), c(3)], legacy16))
}

/// The value of special register `sr` in lane `l` of warp `w`.
#[inline]
pub(crate) fn value(w: &Warp, env: &Env<'_>, cta: &CtaMem, sr: Sreg, l: usize) -> u64 {
    match sr {
        Sreg::Tid(c) => w.tid[c as usize][l] as u64,
        Sreg::Ntid(c) => env.block[c as usize] as u64,
        Sreg::Ctaid(c) => cta.ctaid[c as usize] as u64,
        Sreg::Nctaid(c) => env.grid[c as usize] as u64,
        Sreg::LaneId => l as u64,
        Sreg::WarpId => w.id as u64,
        Sreg::NWarpId => cta.nwarps as u64,
        Sreg::SmId | Sreg::GridId | Sreg::Zero => 0,
        Sreg::NSmId | Sreg::One => 1,
        Sreg::LanemaskEq => 1u64 << l,
        Sreg::LanemaskLe => trunc((1u64 << (l + 1)) - 1, 32),
        Sreg::LanemaskLt => (1u64 << l) - 1,
        Sreg::LanemaskGe => trunc(!((1u64 << l) - 1), 32),
        Sreg::LanemaskGt => trunc(!((1u64 << (l + 1)) - 1), 32),
        Sreg::Clock => cta.clock as u32 as u64,
        Sreg::ClockHi => cta.clock >> 32,
        Sreg::Clock64 => cta.clock,
        Sreg::GlobalTimer => cta.clock.wrapping_mul(1000),
        Sreg::GlobalTimerLo => cta.clock.wrapping_mul(1000) as u32 as u64,
        Sreg::GlobalTimerHi => cta.clock.wrapping_mul(1000) >> 32,
        Sreg::DynSmem => env.dyn_smem as u64,
        Sreg::TotalSmem => cta.shared.len() as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_widths() {
        assert_eq!(lookup("%tid.w"), Some((Sreg::Zero, MovWidth::B16Or32)));
        assert_eq!(lookup("%clusterid.y"), Some((Sreg::Ctaid(1), MovWidth::B32)));
        assert_eq!(lookup("%pm7"), Some((Sreg::Zero, MovWidth::B32)));
        assert_eq!(lookup("%pm7_64"), Some((Sreg::Zero, MovWidth::B64)));
        assert_eq!(lookup("%envreg31"), Some((Sreg::Zero, MovWidth::B32)));
        for bad in [
            "%pm8",
            "%pm8_64",
            "%envreg32",
            "%envreg01",
            "%pm",
            "%tid",
            "%tid.q",
            "%laneid.x",
            "%reserved_smem_offset_2",
        ] {
            assert_eq!(lookup(bad), None, "{bad}");
        }
        assert_eq!(vector("%cluster_nctaid"), Some(([Sreg::One, Sreg::One, Sreg::One, Sreg::Zero], false)));
        assert_eq!(vector("%laneid"), None);
        assert!(MovWidth::Any.allows(16) && !MovWidth::B32.allows(64) && !MovWidth::Pred.allows(32));
    }
}
