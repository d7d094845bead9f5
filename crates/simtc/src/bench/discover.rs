//! Finding the benchmarks of a directory: kernels (`K.ll`, or `K.cu` when no `K.ll` stands beside it) and
//! their launch specs (`K.toml` and `K.<variant>.toml`).
//!
//! Invariants: kernels are sorted by stem and unique; a kernel has an `.ll` or a `.cu` (or both: the `.ll` is
//! simtc's and llc's input, the `.cu` nvcc's); a kernel's specs are `K.toml` first, then the variants by name.

use std::path::{Path, PathBuf};

/// One kernel file of the benchmark directory.
#[derive(Clone, Debug)]
pub(crate) struct Kernel {
    /// The file stem (`sb1` for `sb1.ll`).
    pub name: String,
    /// The LLVM IR beside it, if any.
    pub ll: Option<PathBuf>,
    /// The CUDA source beside it, if any.
    pub cu: Option<PathBuf>,
    /// Launch specs: `<name>.toml` and `<name>.<variant>.toml`.
    pub specs: Vec<PathBuf>,
}

/// Lists the kernels of `dir`, keeping only the stems named by `only` when it is not empty.
pub(crate) fn discover(dir: &Path, only: &[String]) -> Result<Vec<Kernel>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("simtc: error: could not read '{}': {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
    files.sort();
    let mut kernels: Vec<Kernel> = Vec::new();
    for f in &files {
        let (Some(stem), Some(ext)) = (f.file_stem().and_then(|s| s.to_str()), f.extension()) else { continue };
        if ext != "ll" && ext != "cu" {
            continue;
        }
        let k = match kernels.iter_mut().find(|k| k.name == stem) {
            Some(k) => k,
            None => {
                kernels.push(Kernel { name: stem.to_string(), ll: None, cu: None, specs: Vec::new() });
                kernels.last_mut().expect("just pushed")
            }
        };
        if ext == "ll" {
            k.ll = Some(f.clone());
        } else {
            k.cu = Some(f.clone());
        }
    }
    for k in &mut kernels {
        k.specs = files.iter().filter(|f| spec_of(f, &k.name)).cloned().collect();
        // `K.toml` first, then the variants by name.
        k.specs.sort_by_key(|s| (spec_label(s) != k.name, spec_label(s)));
    }
    if !only.is_empty() {
        for o in only {
            if !kernels.iter().any(|k| &k.name == o) {
                return Err(format!("simtc: error: --only {o}: no {o}.ll or {o}.cu in '{}'", dir.display()));
            }
        }
        kernels.retain(|k| only.contains(&k.name));
    }
    kernels.sort_by(|a, b| a.name.cmp(&b.name));
    if kernels.is_empty() {
        return Err(format!("simtc: error: no .ll or .cu files in '{}'", dir.display()));
    }
    Ok(kernels)
}

/// Whether `f` is a launch spec of kernel `stem`: `stem.toml` or `stem.<variant>.toml` (variant without dots).
fn spec_of(f: &Path, stem: &str) -> bool {
    let Some(name) = f.file_name().and_then(|s| s.to_str()) else { return false };
    let Some(base) = name.strip_suffix(".toml") else { return false };
    base == stem
        || base.strip_prefix(stem).and_then(|r| r.strip_prefix('.')).is_some_and(|v| !v.is_empty() && !v.contains('.'))
}

/// The label of a spec in tables: `K.toml` → `K`, `K.big.toml` → `K.big`.
pub(crate) fn spec_label(spec: &Path) -> String {
    spec.file_name().and_then(|s| s.to_str()).unwrap_or("?").trim_end_matches(".toml").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_kernels_with_their_specs() {
        let d = std::env::temp_dir().join(format!("simtc-bench-discover-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        for f in
            ["a.ll", "a.cu", "a.toml", "a.big.toml", "ab.toml", "b.cu", "b.toml", "c.ll", "notes.txt", "a.x.y.toml"]
        {
            std::fs::write(d.join(f), "").unwrap();
        }
        let ks = discover(&d, &[]).unwrap();
        let names: Vec<&str> = ks.iter().map(|k| k.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c"]);
        assert!(ks[0].ll.is_some() && ks[0].cu.is_some());
        let specs: Vec<String> = ks[0].specs.iter().map(|s| spec_label(s)).collect();
        assert_eq!(specs, ["a", "a.big"]);
        assert!(ks[1].ll.is_none() && ks[1].cu.is_some() && ks[1].specs.len() == 1);
        assert!(ks[2].specs.is_empty());
        let only = discover(&d, &["c".to_string()]).unwrap();
        assert_eq!(only.len(), 1);
        assert!(discover(&d, &["zz".to_string()]).unwrap_err().contains("--only zz"));
        std::fs::remove_dir_all(&d).unwrap();
    }
}
