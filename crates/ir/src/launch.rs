//! Launch bounds and cluster shape of a kernel, as the front end states them (seed 004, "Module-Level Metadata
//! Directives"): read once here for the PTX printer (`.reqntid`, `.maxntid`, ...) and for the passes that plan
//! register use (the register cap ptxas derives from them).
//!
//! Sources, for kernels only:
//! - `nvvm.annotations` entries of the kernel: `reqntidx/y/z`, `maxntidx/y/z`, `minctasm`, `maxnreg`,
//!   `cluster_dim_x/y/z`, `maxclusterrank` (and LLVM 20's `cluster_max_blocks`), `blocksareclusters`;
//! - the function attributes LLVM 20+ and newer clang emit instead: `"nvvm.reqntid"="X,Y,Z"`,
//!   `"nvvm.maxntid"="X,Y,Z"`, `"nvvm.minctasm"="N"`, `"nvvm.maxnreg"="N"`, `"nvvm.cluster_dim"="X,Y,Z"`,
//!   `"nvvm.maxclusterrank"="N"`, `"nvvm.blocksareclusters"`. An attribute overrides an annotation.
//!
//! Errors: a value that is not a positive 32-bit integer (zero is allowed only in cluster shapes), a list of more
//! than three dimensions.

use crate::{Attribute, FuncId, Module};

/// The launch-bound and cluster properties of one kernel.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LaunchBounds {
    /// `.reqntid`.
    pub reqntid: [Option<u32>; 3],
    /// `.maxntid`.
    pub maxntid: [Option<u32>; 3],
    /// `.minnctapersm`.
    pub minctasm: Option<u32>,
    /// `.maxnreg`.
    pub maxnreg: Option<u32>,
    /// `.reqnctapercluster` (all zero: `.explicitcluster` only).
    pub cluster_dim: [Option<u32>; 3],
    /// `.maxclusterrank`.
    pub maxclusterrank: Option<u32>,
    /// `.blocksareclusters`.
    pub blocks_are_clusters: bool,
}

fn value(key: &str, v: i64, allow_zero: bool) -> Result<u32, String> {
    u32::try_from(v)
        .ok()
        .filter(|&v| v > 0 || allow_zero)
        .ok_or_else(|| format!("invalid kernel attribute {key} = {v}: expected a positive 32-bit integer"))
}

fn list(key: &str, s: &str, allow_zero: bool) -> Result<[Option<u32>; 3], String> {
    let mut out = [None; 3];
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    if parts.len() > 3 {
        return Err(format!("invalid kernel attribute {key} = \"{s}\": at most 3 dimensions"));
    }
    for (slot, p) in out.iter_mut().zip(parts) {
        let v: i64 = p.parse().map_err(|_| format!("invalid kernel attribute {key} = \"{s}\""))?;
        *slot = Some(value(key, v, allow_zero)?);
    }
    Ok(out)
}

impl LaunchBounds {
    /// Reads the launch bounds of kernel `f` (see the module doc).
    pub fn read(m: &Module, f: FuncId) -> Result<LaunchBounds, String> {
        let mut d = LaunchBounds::default();
        for (key, v) in m.annotations(f) {
            let dim = |s: &str| match s.as_bytes().last() {
                Some(b'x') => 0,
                Some(b'y') => 1,
                _ => 2,
            };
            match key.as_str() {
                "reqntidx" | "reqntidy" | "reqntidz" => d.reqntid[dim(&key)] = Some(value(&key, v, false)?),
                "maxntidx" | "maxntidy" | "maxntidz" => d.maxntid[dim(&key)] = Some(value(&key, v, false)?),
                "cluster_dim_x" | "cluster_dim_y" | "cluster_dim_z" => {
                    d.cluster_dim[dim(&key)] = Some(value(&key, v, true)?)
                }
                "minctasm" => d.minctasm = Some(value(&key, v, false)?),
                "maxnreg" => d.maxnreg = Some(value(&key, v, false)?),
                "maxclusterrank" | "cluster_max_blocks" => d.maxclusterrank = Some(value(&key, v, false)?),
                "blocksareclusters" => d.blocks_are_clusters = v != 0,
                _ => {}
            }
        }
        for a in &m.funcs[f].attrs.0 {
            let (key, val) = match a {
                Attribute::Str(k, v) => (&**k, v.as_deref().unwrap_or("")),
                _ => continue,
            };
            let single = |d: &mut Option<u32>| -> Result<(), String> {
                let v: i64 = val.trim().parse().map_err(|_| format!("invalid kernel attribute {key} = \"{val}\""))?;
                *d = Some(value(key, v, false)?);
                Ok(())
            };
            match key {
                "nvvm.reqntid" => d.reqntid = list(key, val, false)?,
                "nvvm.maxntid" => d.maxntid = list(key, val, false)?,
                "nvvm.cluster_dim" => d.cluster_dim = list(key, val, true)?,
                "nvvm.minctasm" => single(&mut d.minctasm)?,
                "nvvm.maxnreg" => single(&mut d.maxnreg)?,
                "nvvm.maxclusterrank" => single(&mut d.maxclusterrank)?,
                "nvvm.blocksareclusters" => d.blocks_are_clusters = true,
                _ => {}
            }
        }
        Ok(d)
    }

    /// The registers per thread ptxas allows the kernel, when its bounds set fewer than 255: `maxnreg`, or
    /// `65536 / (⌈T/32⌉·32 · B)` for `T = maxntid`'s threads and `B = minctasm` (1 when absent), rounded down to
    /// ptxas' allocation granularity of 8 registers and at least 16; the smaller of the two when both are given.
    pub fn register_cap(&self) -> Option<u32> {
        let from_bounds = self.maxntid.iter().any(Option::is_some).then(|| {
            let t: u64 = self.maxntid.iter().map(|d| u64::from(d.unwrap_or(1))).product();
            let per_thread = 65536 / (t.div_ceil(32) * 32 * u64::from(self.minctasm.unwrap_or(1))).max(1);
            per_thread / 8 * 8
        });
        let cap = match (self.maxnreg.map(u64::from), from_bounds) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b)?,
        };
        (cap < 255).then(|| cap.max(16) as u32)
    }
}
