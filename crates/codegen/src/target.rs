//! Targets (`sm_XX`) and code-generation options.
//!
//! The `.version` a module is printed with is the larger of what the user asked for (`--ptx-version`) and
//! nothing else: a request *below* the target's minimum is an error, not silently raised, because the user asked
//! for a PTX ISA that cannot express the target. Without a request the target's minimum is used. The minimums are
//! LLVM's table (ARCHITECTURE §6): sm_70 6.0, sm_72 6.1, sm_75 6.3, sm_80 7.0, sm_86 7.1, sm_87 7.4, sm_89/sm_90
//! 7.8, sm_90a 8.0, sm_100 8.6, sm_120 8.7.
//!
//! PTX versions are `(major, minor)` with `minor <= 9`, as PTX spells them (`.version 7.8`).
//!
//! Feature gates that follow from the version (seed 004 and LLVM's `NVPTXSubtarget`):
//! - `.noreturn` needs PTX 6.4 ([`Options::has_noreturn`]);
//! - the `mask()` initializer operator for pointers in packed aggregates needs PTX 7.1 ([`Options::has_mask_operator`]);
//! - cluster directives (`.explicitcluster`, `.reqnctapercluster`, `.maxclusterrank`) need sm_90
//!   ([`Target::has_clusters`]); `.blocksareclusters` also needs PTX 9.0 ([`Options::has_blocks_are_clusters`]).

use crate::error::CodegenError;
use std::fmt;

/// The newest PTX ISA version simtc emits (what ptxas 13.5, the newest validator it is tested with, accepts).
pub const MAX_PTX_VERSION: (u32, u32) = (9, 5);

/// The PTX ISA version a module asks for through its functions' `"target-features"` (`+ptx80` → 8.0; the largest
/// of them, as llc does), if any.
pub fn module_ptx_version(m: &simtc_ir::Module) -> Option<(u32, u32)> {
    m.func_ids()
        .filter_map(|f| m.funcs[f].attrs.string("target-features"))
        .flat_map(|s| s.split(','))
        .filter_map(|feat| feat.trim().strip_prefix("+ptx")?.parse::<u32>().ok())
        .max()
        .map(|n| (n / 10, n % 10))
}

/// A supported GPU architecture.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// Volta.
    Sm70,
    /// Xavier.
    Sm72,
    /// Turing.
    Sm75,
    /// Ampere (A100).
    Sm80,
    /// Ampere (consumer).
    Sm86,
    /// Orin.
    Sm87,
    /// Ada.
    Sm89,
    /// Hopper.
    Sm90,
    /// Hopper with architecture-specific features (`wgmma`, `setmaxnreg`).
    Sm90a,
    /// Blackwell (data center).
    Sm100,
    /// Blackwell (consumer).
    Sm120,
}

impl Target {
    /// Every target, oldest first.
    pub const ALL: &'static [Target] = &[
        Target::Sm70,
        Target::Sm72,
        Target::Sm75,
        Target::Sm80,
        Target::Sm86,
        Target::Sm87,
        Target::Sm89,
        Target::Sm90,
        Target::Sm90a,
        Target::Sm100,
        Target::Sm120,
    ];

    /// Parses `sm_90`, `sm_90a` (also without the `sm_` prefix: `90`).
    pub fn parse(s: &str) -> Option<Target> {
        let s = s.trim();
        let s = s.strip_prefix("sm_").unwrap_or(s);
        Target::ALL.iter().copied().find(|t| &t.name()[3..] == s)
    }

    /// The `.target` name: `sm_90`, `sm_90a`.
    pub fn name(self) -> &'static str {
        match self {
            Target::Sm70 => "sm_70",
            Target::Sm72 => "sm_72",
            Target::Sm75 => "sm_75",
            Target::Sm80 => "sm_80",
            Target::Sm86 => "sm_86",
            Target::Sm87 => "sm_87",
            Target::Sm89 => "sm_89",
            Target::Sm90 => "sm_90",
            Target::Sm90a => "sm_90a",
            Target::Sm100 => "sm_100",
            Target::Sm120 => "sm_120",
        }
    }

    /// The SM number: 70 .. 120 (`sm_90a` is 90).
    pub fn sm(self) -> u32 {
        match self {
            Target::Sm70 => 70,
            Target::Sm72 => 72,
            Target::Sm75 => 75,
            Target::Sm80 => 80,
            Target::Sm86 => 86,
            Target::Sm87 => 87,
            Target::Sm89 => 89,
            Target::Sm90 | Target::Sm90a => 90,
            Target::Sm100 => 100,
            Target::Sm120 => 120,
        }
    }

    /// The oldest PTX ISA version that can target this architecture (LLVM's table).
    pub fn min_ptx_version(self) -> (u32, u32) {
        match self {
            Target::Sm70 => (6, 0),
            Target::Sm72 => (6, 1),
            Target::Sm75 => (6, 3),
            Target::Sm80 => (7, 0),
            Target::Sm86 => (7, 1),
            Target::Sm87 => (7, 4),
            Target::Sm89 | Target::Sm90 => (7, 8),
            Target::Sm90a => (8, 0),
            Target::Sm100 => (8, 6),
            Target::Sm120 => (8, 7),
        }
    }

    /// Whether thread-block clusters exist (sm_90 and later).
    pub fn has_clusters(self) -> bool {
        self.sm() >= 90
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Parses a PTX version as written on the command line: `7.8`, `8.0`.
pub fn parse_ptx_version(s: &str) -> Option<(u32, u32)> {
    let (major, minor) = s.trim().split_once('.')?;
    let major: u32 = major.parse().ok()?;
    let minor: u32 = minor.parse().ok()?;
    (major >= 1 && minor <= 9 && minor.to_string().len() == 1).then_some((major, minor))
}

/// Code-generation options shared by every stage of the back end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The architecture.
    pub target: Target,
    /// `--ptx-version X.Y`; `None` = the target's minimum.
    pub ptx_version: Option<(u32, u32)>,
    /// `-O0` .. `-O3`.
    pub opt_level: u8,
    /// Debug mode: `.target sm_XX, debug` with a DWARF compile unit (see [`crate::ptx::debuginfo`]).
    pub debug: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { target: Target::Sm90, ptx_version: None, opt_level: 3, debug: false }
    }
}

impl Options {
    /// Options for `target` at `-O3`.
    pub fn for_target(target: Target) -> Self {
        Options { target, ..Options::default() }
    }

    /// The `.version` to print: the requested version, or the target's minimum when none was requested.
    /// A request below the minimum (or with a minor number above 9) is an error.
    pub fn ptx_version(&self) -> Result<(u32, u32), CodegenError> {
        let min = self.target.min_ptx_version();
        match self.ptx_version {
            None => Ok(min),
            Some((major, minor)) if minor > 9 => {
                Err(CodegenError::new(format!("invalid PTX version {major}.{minor}: the minor version is 0..9")))
            }
            Some(v) if v < min => Err(CodegenError::new(format!(
                "PTX version {}.{} is too old for {}: it needs at least PTX {}.{}",
                v.0, v.1, self.target, min.0, min.1
            ))),
            Some(v) if v > MAX_PTX_VERSION => Err(CodegenError::new(format!(
                "PTX version {}.{} is newer than simtc and ptxas support (at most {}.{})",
                v.0, v.1, MAX_PTX_VERSION.0, MAX_PTX_VERSION.1
            ))),
            Some(v) => Ok(v),
        }
    }

    /// The PTX version as LLVM's integer (`78` for 7.8), or the minimum if the request is invalid.
    fn ptx_int(&self) -> u32 {
        let (major, minor) = self.ptx_version().unwrap_or_else(|_| self.target.min_ptx_version());
        major * 10 + minor
    }

    /// `.noreturn` on device functions needs PTX 6.4.
    pub fn has_noreturn(&self) -> bool {
        self.ptx_int() >= 64
    }

    /// The `mask()` operator (pointers inside byte-wise aggregate initializers) needs PTX 7.1.
    pub fn has_mask_operator(&self) -> bool {
        self.ptx_int() >= 71
    }

    /// `.blocksareclusters` needs PTX 9.0 and sm_90.
    pub fn has_blocks_are_clusters(&self) -> bool {
        self.ptx_int() >= 90 && self.target.has_clusters()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_names_round_trip() {
        for &t in Target::ALL {
            assert_eq!(Target::parse(t.name()), Some(t));
        }
        assert_eq!(Target::parse("sm_90a"), Some(Target::Sm90a));
        assert_eq!(Target::parse("90"), Some(Target::Sm90));
        assert_eq!(Target::parse("sm_91"), None);
        assert_eq!(Target::parse("sm_"), None);
        assert_eq!(Target::Sm90a.sm(), 90);
        assert_eq!(Target::Sm120.sm(), 120);
    }

    #[test]
    fn ptx_version_rules() {
        let mut o = Options::default();
        assert_eq!(o.ptx_version(), Ok((7, 8)));
        o.ptx_version = Some((8, 5));
        assert_eq!(o.ptx_version(), Ok((8, 5)));
        o.ptx_version = Some((7, 0));
        let e = o.ptx_version().unwrap_err();
        assert!(e.message.contains("too old for sm_90") && e.message.contains("7.8"), "{e}");
        o.ptx_version = Some((8, 10));
        assert!(o.ptx_version().is_err());
        let o70 = Options::for_target(Target::Sm70);
        assert_eq!(o70.ptx_version(), Ok((6, 0)));
        assert!(!o70.has_noreturn());
        assert!(!o70.has_mask_operator());
        assert!(Options::default().has_noreturn());
        assert!(!Options::default().has_blocks_are_clusters());
    }

    #[test]
    fn parse_ptx_versions() {
        assert_eq!(parse_ptx_version("7.8"), Some((7, 8)));
        assert_eq!(parse_ptx_version("8.0"), Some((8, 0)));
        assert_eq!(parse_ptx_version("8.10"), None);
        assert_eq!(parse_ptx_version("8"), None);
        assert_eq!(parse_ptx_version("x.1"), None);
    }
}
