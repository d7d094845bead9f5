//! Theoretical occupancy: the fraction of an SM's warp slots a kernel can fill, from its registers per thread, its
//! shared memory per block and its block size, by CUDA's occupancy rules (the CUDA C++ Programming Guide's
//! per-compute-capability limits and the allocation rules of the CUDA occupancy calculator).
//!
//! Rules, per target:
//! - **Warps**: a block of `T` threads holds `ceil(T / 32)` warps; the SM holds at most `max_warps` warps and
//!   `max_blocks` blocks.
//! - **Registers**: each warp is allocated `ceil(32 · regs, 256)` registers. The 64K-register file is split among
//!   4 SM sub-partitions (16K each) and a warp lives in one, so the SM holds `4 · floor(16384 / per_warp)` warps;
//!   blocks are limited to `floor(that / warps_per_block)`. More than 255 registers per thread cannot launch.
//! - **Shared memory**: a block uses its static shared memory (`ptxas -v`) plus the launch's dynamic bytes plus
//!   the driver's reservation (1 KiB per block from sm_80 on), rounded up to the allocation unit (256 bytes on
//!   sm_7x, 128 from sm_80 on); the SM has the largest shared-memory carveout of the target (the driver picks the
//!   carveout that fits the launch). A block that needs more than the per-block maximum cannot launch.
//!
//! A kernel that cannot launch has occupancy 0.

/// Per-SM limits of one target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Limits {
    max_warps: u32,
    max_blocks: u32,
    /// Largest shared-memory carveout per SM, bytes.
    smem_per_sm: u32,
    /// Largest shared memory one block may use (opt-in), bytes.
    smem_per_block: u32,
    /// Shared memory the driver reserves per block, bytes.
    smem_reserved: u32,
    /// Shared-memory allocation unit, bytes.
    smem_unit: u32,
}

const KIB: u32 = 1024;

/// The limits of `arch` (`sm_90`, `sm_90a`, `sm_100f`...); `None` for a target this table does not know.
fn limits(arch: &str) -> Option<Limits> {
    let digits: String = arch.strip_prefix("sm_")?.chars().take_while(char::is_ascii_digit).collect();
    let cc: u32 = digits.parse().ok()?;
    let sm7 = |max_warps, max_blocks, smem| Limits {
        max_warps,
        max_blocks,
        smem_per_sm: smem,
        smem_per_block: smem,
        smem_reserved: 0,
        smem_unit: 256,
    };
    let sm8 = |max_warps, max_blocks, smem| Limits {
        max_warps,
        max_blocks,
        smem_per_sm: smem,
        smem_per_block: smem - KIB,
        smem_reserved: KIB,
        smem_unit: 128,
    };
    Some(match cc {
        70 | 72 => sm7(64, 32, 96 * KIB),
        75 => sm7(32, 16, 64 * KIB),
        80 => sm8(64, 32, 164 * KIB),
        86 => sm8(48, 16, 100 * KIB),
        87 => sm8(48, 16, 164 * KIB),
        89 => sm8(48, 24, 100 * KIB),
        90 | 100 | 103 => sm8(64, 32, 228 * KIB),
        110 => sm8(48, 24, 228 * KIB),
        120 | 121 => sm8(48, 32, 100 * KIB),
        _ => return None,
    })
}

/// The launch of a kernel as occupancy sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Launch {
    /// Threads per block.
    pub threads: u32,
    /// Registers per thread (`ptxas -v`).
    pub registers: u32,
    /// Static plus dynamic shared memory per block, bytes.
    pub smem: u32,
}

/// Active blocks per SM of `l` on `arch` (`None` for an unknown target).
pub(crate) fn blocks_per_sm(arch: &str, l: Launch) -> Option<u32> {
    let lim = limits(arch)?;
    if l.threads == 0 || l.threads > 1024 || l.registers > 255 {
        return Some(0);
    }
    let warps = l.threads.div_ceil(32);
    let by_warps = lim.max_warps / warps;
    let per_warp = (32 * l.registers.max(1)).div_ceil(256) * 256;
    let by_regs = 4 * (16 * KIB / per_warp) / warps;
    let smem = (l.smem + lim.smem_reserved).div_ceil(lim.smem_unit) * lim.smem_unit;
    if l.smem > lim.smem_per_block {
        return Some(0);
    }
    let by_smem = if l.smem == 0 { u32::MAX } else { lim.smem_per_sm / smem };
    Some(lim.max_blocks.min(by_warps).min(by_regs).min(by_smem))
}

/// Theoretical occupancy of `l` on `arch`: active warps over the SM's warp slots, in `[0, 1]`.
pub(crate) fn occupancy(arch: &str, l: Launch) -> Option<f64> {
    let lim = limits(arch)?;
    let blocks = blocks_per_sm(arch, l)?;
    Some(f64::from(blocks * l.threads.div_ceil(32)) / f64::from(lim.max_warps))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn occ(arch: &str, threads: u32, registers: u32, smem: u32) -> f64 {
        occupancy(arch, Launch { threads, registers, smem }).expect("known target")
    }

    #[test]
    fn register_limited() {
        // 256 threads at 32 registers: 8 blocks of 8 warps fill sm_90's 64 slots.
        assert_eq!(occ("sm_90", 256, 32, 0), 1.0);
        // 64 registers: 2048 per warp, 8 warps per sub-partition, 32 per SM: 4 blocks of 8 warps.
        assert_eq!(occ("sm_90", 256, 64, 0), 0.5);
        // 40 registers round up to 1280 per warp: 12 warps per sub-partition, 48 per SM, 6 blocks.
        assert_eq!(occ("sm_90", 256, 40, 0), 0.75);
        // 255 registers: 8192 per warp, 2 warps per sub-partition, 8 per SM: one block of 8 warps.
        assert_eq!(occ("sm_90", 256, 255, 0), 0.125);
        assert_eq!(occ("sm_90", 256, 256, 0), 0.0);
    }

    #[test]
    fn block_warp_and_shared_limits() {
        // 32-thread blocks: sm_90 stops at 32 blocks (half the warp slots), sm_75 at 16 of its 32.
        assert_eq!(occ("sm_90", 32, 16, 0), 0.5);
        assert_eq!(occ("sm_75", 32, 16, 0), 0.5);
        // 48 KiB + 1 KiB reserved per block: 4 blocks in 228 KiB.
        assert_eq!(blocks_per_sm("sm_90", Launch { threads: 128, registers: 32, smem: 48 * KIB }), Some(4));
        // sm_70 has no reservation: 2 blocks of 48 KiB in 96 KiB.
        assert_eq!(blocks_per_sm("sm_70", Launch { threads: 128, registers: 32, smem: 48 * KIB }), Some(2));
        // Too much shared memory or too many threads cannot launch.
        assert_eq!(occ("sm_86", 128, 32, 100 * KIB), 0.0);
        assert_eq!(occ("sm_90", 2048, 16, 0), 0.0);
        // 1536 threads per SM on sm_86: one 1024-thread block.
        assert_eq!(occ("sm_86", 1024, 32, 0), 32.0 / 48.0);
        assert!(occupancy("sm_10", Launch { threads: 32, registers: 8, smem: 0 }).is_none());
        assert_eq!(occ("sm_90a", 256, 32, 0), 1.0);
    }
}
