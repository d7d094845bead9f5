//! Kernel performance directives (seed 004: "Module-Level Metadata Directives", `sub_214DA90`), printed from
//! the kernel's [`LaunchBounds`] (read by `simtc_ir::launch`).
//!
//! Kernels only (`.func`s get none, as in LLVM); the sources (`nvvm.annotations` entries and the LLVM 20+
//! `nvvm.*` function attributes) are listed in `simtc_ir::launch`.
//!
//! Printed in the seed's order, one per line after the parameter list:
//! `.blocksareclusters`, `.reqntid X, Y, Z`, `.maxntid X, Y, Z`, `.minnctapersm N`, `.explicitcluster`,
//! `.reqnctapercluster X, Y, Z`, `.maxclusterrank N`, `.maxnreg N`. Unspecified dimensions of a partly given
//! `reqntid`/`maxntid`/cluster shape are 1. Cluster directives exist only on sm_90 and later; on older targets
//! they are dropped, as the seed and LLVM do (clusters do not exist there, so nothing can depend on them).
//! `.explicitcluster` is printed for any cluster shape unless blocks are clusters; an all-zero shape means
//! "cluster shape chosen at launch" and prints `.explicitcluster` alone (LLVM 20's rule). ptxas rejects
//! `.reqnctapercluster` together with `.maxclusterrank`; a required shape fixes the cluster size, so
//! `.maxclusterrank` is left out when the shape's size is within it, and a shape larger than it is an error.
//!
//! Errors: those of reading the bounds (`simtc_ir::launch`); `.blocksareclusters` without `.reqntid` (the
//! seed's fatal error) or without a cluster shape (ptxas needs `.reqnctapercluster`), or with a PTX version
//! below 9.0.

use crate::error::CodegenError;
use crate::target::Options;

use simtc_ir::launch::LaunchBounds;

/// The directive lines of `d`, each ending in `\n` (see the module doc for order and rules).
pub fn print(d: &LaunchBounds, opts: &Options) -> Result<String, CodegenError> {
    let dims = |d: &[Option<u32>; 3]| d.iter().any(Option::is_some).then(|| d.map(|v| v.unwrap_or(1)));
    let join = |d: [u32; 3]| format!("{}, {}, {}", d[0], d[1], d[2]);
    let clusters = opts.target.has_clusters();
    let cluster = if d_all_zero(&d.cluster_dim) { Some(None) } else { dims(&d.cluster_dim).map(Some) };
    let mut s = String::new();
    if d.blocks_are_clusters && clusters {
        if d.reqntid.iter().all(Option::is_none) {
            return Err(CodegenError::new(".blocksareclusters requires .reqntid"));
        }
        if !matches!(cluster, Some(Some(_))) {
            return Err(CodegenError::new(".blocksareclusters requires a cluster shape (.reqnctapercluster)"));
        }
        if !opts.has_blocks_are_clusters() {
            return Err(CodegenError::new(".blocksareclusters requires PTX ISA version 9.0 (use --ptx-version 9.0)"));
        }
        s.push_str(".blocksareclusters\n");
    }
    if let Some(d) = dims(&d.reqntid) {
        s.push_str(&format!(".reqntid {}\n", join(d)));
    }
    if let Some(d) = dims(&d.maxntid) {
        s.push_str(&format!(".maxntid {}\n", join(d)));
    }
    if let Some(n) = d.minctasm {
        s.push_str(&format!(".minnctapersm {n}\n"));
    }
    if clusters {
        if let Some(shape) = cluster {
            if !d.blocks_are_clusters {
                s.push_str(".explicitcluster\n");
            }
            if let Some(d) = shape {
                s.push_str(&format!(".reqnctapercluster {}\n", join(d)));
            }
        }
        match (cluster, d.maxclusterrank) {
            (Some(Some(d)), Some(n)) => {
                let size = u64::from(d[0]) * u64::from(d[1]) * u64::from(d[2]);
                if size > u64::from(n) {
                    return Err(CodegenError::new(format!(
                        "cluster shape {} ({size} blocks) exceeds maxclusterrank {n}",
                        join(d)
                    )));
                }
            }
            (_, Some(n)) => s.push_str(&format!(".maxclusterrank {n}\n")),
            _ => {}
        }
    }
    if let Some(n) = d.maxnreg {
        s.push_str(&format!(".maxnreg {n}\n"));
    }
    Ok(s)
}

/// A cluster shape given with every dimension zero.
fn d_all_zero(d: &[Option<u32>; 3]) -> bool {
    d.iter().any(Option::is_some) && d.iter().all(|v| v.is_none_or(|v| v == 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::Target;

    fn directives(src: &str, target: Target) -> Result<String, CodegenError> {
        let m = simtc_llvm_reader::parse_module(src).unwrap();
        print(
            &LaunchBounds::read(&m, m.func_by_name("k").unwrap()).map_err(CodegenError::new)?,
            &Options::for_target(target),
        )
    }

    #[test]
    fn annotations_in_seed_order() {
        let src = "define void @k() { ret void }\n!nvvm.annotations = !{!0}\n\
                   !0 = !{ptr @k, !\"kernel\", i32 1, !\"maxnreg\", i32 64, !\"maxntidx\", i32 128, !\"minctasm\", i32 2, \
                   !\"reqntidy\", i32 2, !\"maxclusterrank\", i32 4, !\"cluster_dim_x\", i32 2}";
        assert_eq!(
            directives(src, Target::Sm90).unwrap(),
            ".reqntid 1, 2, 1\n.maxntid 128, 1, 1\n.minnctapersm 2\n.explicitcluster\n.reqnctapercluster 2, 1, 1\n\
             .maxnreg 64\n"
        );
        let rank_only = src.replace(", !\"cluster_dim_x\", i32 2", "");
        assert!(directives(&rank_only, Target::Sm90)
            .unwrap()
            .contains(".minnctapersm 2\n.maxclusterrank 4\n.maxnreg 64\n"));
        let too_big = src.replace("i32 2}", "i32 8}");
        assert!(directives(&too_big, Target::Sm90).unwrap_err().message.contains("exceeds maxclusterrank 4"));
        assert_eq!(
            directives(src, Target::Sm80).unwrap(),
            ".reqntid 1, 2, 1\n.maxntid 128, 1, 1\n.minnctapersm 2\n.maxnreg 64\n"
        );
    }

    #[test]
    fn attributes_override_and_validate() {
        let src = "define ptx_kernel void @k() #0 { ret void }\n\
                   attributes #0 = { \"nvvm.maxntid\"=\"256,2\" \"nvvm.minctasm\"=\"3\" \"nvvm.cluster_dim\"=\"0,0,0\" }";
        assert_eq!(directives(src, Target::Sm90).unwrap(), ".maxntid 256, 2, 1\n.minnctapersm 3\n.explicitcluster\n");
        let bad = src.replace("\"3\"", "\"-3\"");
        assert!(directives(&bad, Target::Sm90).unwrap_err().message.contains("nvvm.minctasm"));
        let bad = src.replace("\"256,2\"", "\"1,2,3,4\"");
        assert!(directives(&bad, Target::Sm90).is_err());
    }

    #[test]
    fn blocks_are_clusters_rules() {
        let src = "define ptx_kernel void @k() #0 { ret void }\n\
                   attributes #0 = { \"nvvm.blocksareclusters\" \"nvvm.reqntid\"=\"32\" \"nvvm.cluster_dim\"=\"2\" }";
        let m = simtc_llvm_reader::parse_module(src).unwrap();
        let d = LaunchBounds::read(&m, m.func_by_name("k").unwrap()).unwrap();
        let mut o = Options::for_target(Target::Sm90);
        assert!(print(&d, &o).unwrap_err().message.contains("9.0"));
        o.ptx_version = Some((9, 0));
        assert_eq!(print(&d, &o).unwrap(), ".blocksareclusters\n.reqntid 32, 1, 1\n.reqnctapercluster 2, 1, 1\n");
        let no_req = src.replace("\"nvvm.reqntid\"=\"32\" ", "");
        assert!(directives(&no_req, Target::Sm90).unwrap_err().message.contains("requires .reqntid"));
    }
}
