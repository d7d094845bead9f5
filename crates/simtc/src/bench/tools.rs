//! The external tools `simtc bench` drives: llc-19, ptxas, nvcc, cuobjdump (and this simtc executable), found from
//! environment variables, the checkout's `tools/` directory (`scripts/install-tools.sh`), or `PATH`.
//!
//! Invariants: a tool that is not found is `None` (the report says so), never an error; every subprocess is run
//! with its output captured, and its failure is returned with the first lines of its standard error.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The tools found for one benchmark run.
#[derive(Clone, Debug)]
pub(crate) struct Tools {
    /// This simtc executable (for `simtc compile` timings, `simtc cuda`, `simtc run --device cuda`).
    pub simtc: PathBuf,
    /// LLVM 19's `llc`.
    pub llc: Option<PathBuf>,
    /// `ptxas` for the target.
    pub ptxas: Option<PathBuf>,
    /// NVIDIA's `nvcc`.
    pub nvcc: Option<PathBuf>,
    /// NVIDIA's `cuobjdump` (SASS of ptxas's cubins).
    pub cuobjdump: Option<PathBuf>,
}

impl Tools {
    /// Finds the tools for target `arch` (`sm_90`, ...).
    pub(crate) fn find(arch: &str) -> Tools {
        let simtc = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("simtc"));
        let llvm_bin =
            std::env::var_os("SIMTC_LLVM_BIN").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-19/bin".into());
        let llc = env_tool("SIMTC_LLC")
            .or_else(|| file(llvm_bin.join("llc")))
            .or_else(|| in_path("llc-19"))
            .or_else(|| in_path("llc"));
        let cuda13 = std::env::var_os("SIMTC_CUDA13")
            .map(PathBuf::from)
            .or_else(|| tools_dir(&simtc).map(|t| t.join("cuda13/nvidia/cu13")));
        let ptxas = if matches!(arch, "sm_70" | "sm_72") {
            // CUDA 13 dropped sm_70/sm_72: `scripts/install-tools.sh` puts ptxas 12.9 in tools/cuda12.
            env_tool("SIMTC_PTXAS12")
                .or_else(|| tools_dir(&simtc).and_then(|t| file(t.join("cuda12/nvidia/cuda_nvcc/bin/ptxas"))))
        } else {
            env_tool("SIMTC_PTXAS").or_else(|| cuda13.as_ref().and_then(|c| file(c.join("bin/ptxas"))))
        }
        .or_else(|| in_path("ptxas"));
        let nvcc = env_tool("SIMTC_NVCC")
            .or_else(|| cuda13.as_ref().and_then(|c| file(c.join("bin/nvcc"))))
            .or_else(|| in_path("nvcc"));
        let cuobjdump = env_tool("SIMTC_CUOBJDUMP")
            .or_else(|| cuda13.as_ref().and_then(|c| file(c.join("bin/cuobjdump"))))
            .or_else(|| in_path("cuobjdump"));
        Tools { simtc, llc, ptxas, nvcc, cuobjdump }
    }
}

/// A copy of executable `exe` in directory `dir`, for timing simtc as an installed file (`exe` itself when the
/// copy fails).
///
/// The executable under `target/` was just written by the linker, in small pieces, and its pages sit in the page
/// cache that way; an installed copy (`cargo install`, a package, or any file read back after the page cache
/// dropped it) is cached in large folios, which the kernel maps with fewer page faults at every start. Measured
/// on the example kernels: the freshly linked file takes 9-12% more wall time per `simtc compile` than a copy of
/// it, and both take the same time once the page cache is dropped. llc and nvcc are installed files.
pub(crate) fn installed_copy(exe: &Path, dir: &Path) -> PathBuf {
    let copy = dir.join("simtc-installed");
    match std::fs::copy(exe, &copy) {
        Ok(_) => copy,
        Err(_) => exe.to_path_buf(),
    }
}

fn file(p: PathBuf) -> Option<PathBuf> {
    p.is_file().then_some(p)
}

fn env_tool(var: &str) -> Option<PathBuf> {
    std::env::var_os(var).map(PathBuf::from).and_then(file)
}

fn in_path(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|d| d.join(name)).find(|p| p.is_file())
}

/// The checkout's `tools/` directory: under the current directory, or above the executable
/// (`target/release/simtc` → `tools/`).
fn tools_dir(exe: &Path) -> Option<PathBuf> {
    let cwd = std::env::current_dir().ok().map(|d| d.join("tools"));
    cwd.into_iter().chain(exe.ancestors().skip(1).map(|d| d.join("tools"))).find(|d| d.is_dir())
}

/// The outcome of a subprocess.
pub(crate) struct Ran {
    /// Wall time in seconds, process start included.
    pub seconds: f64,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Runs `cmd`; a failure to start or a non-zero exit is an error naming the program and quoting its stderr.
pub(crate) fn run(cmd: &mut Command) -> Result<Ran, String> {
    let prog = Path::new(cmd.get_program()).file_name().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let t0 = Instant::now();
    let o = cmd.output().map_err(|e| format!("{prog} could not be started: {e}"))?;
    let seconds = t0.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    if !o.status.success() {
        return Err(format!("{prog} failed ({}): {}", o.status, first_lines(&stderr, 4)));
    }
    Ok(Ran { seconds, stdout: String::from_utf8_lossy(&o.stdout).into_owned(), stderr })
}

/// The first `n` non-empty lines of `s`, joined with ` / ` (for one-line notes in the report).
pub(crate) fn first_lines(s: &str, n: usize) -> String {
    let v: Vec<&str> = s.lines().map(str::trim).filter(|l| !l.is_empty()).take(n).collect();
    if v.is_empty() {
        "(no message)".into()
    } else {
        v.join(" / ")
    }
}

/// The first line of `TOOL --version` that names a version, for the report's header.
pub(crate) fn version_line(tool: &Path) -> Option<String> {
    let o = Command::new(tool).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    text.lines()
        .map(str::trim)
        .find(|l| l.to_ascii_lowercase().contains("version") || l.starts_with("Cuda"))
        .map(String::from)
}

/// The median of `v` (not empty).
pub(crate) fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}
