//! `simtc cuda`: CUDA source → PTX. clang-19 compiles the device side of a `.cu` file to LLVM IR
//! (`-x cuda --cuda-device-only --cuda-gpu-arch=<target> -O3 -S -emit-llvm`, libdevice linked by clang from the
//! CUDA tree), and the IR is compiled to PTX in the same process by the `simtc compile` driver
//! ([`crate::compile::compile_module`]) with the same options.
//!
//! Where things are found (see `doc/cuda.md`):
//! - clang: `--clang PATH`, else `$CLANG`, else `clang-19` on `PATH`, else `/usr/lib/llvm-19/bin/clang`;
//! - the CUDA tree (headers, `nvvm/libdevice`): `--cuda-path DIR` (must be usable), else `$CUDA_PATH` (skipped
//!   with a note when unusable, e.g. a CUDA 13 install clang 19 cannot parse), else the CUDA 12 tree that
//!   `scripts/install-tools.sh` assembles, `tools/cuda12-clang`, looked up under `$SIMTC_TOOLS_DIR`, then in every
//!   ancestor of the `simtc` executable's directory, then in the source tree simtc was built from;
//! - `--nocudainc` compiles without any CUDA tree (clang's `-nocudainc -nocudalib`), for sources that declare what
//!   they use, like the examples with `examples/kernels/prelude.cuh`.
//!
//! A source may carry its own clang flags in a line `// regen-flags: FLAGS` (the convention of
//! `examples/kernels/regen.sh`); they are passed after simtc's. `--ptx-version X.Y` is passed to clang as the
//! `+ptxXY` target feature so that clang and simtc agree on the PTX ISA; without it clang picks the version from
//! the CUDA tree, or, with `--nocudainc`, is told the target's minimum (clang alone would assume PTX 4.2).

use super::{parse_verified, write_output, Failure, Rejected};
use crate::compile::{compile_module, pipeline, CompileOptions};
use simtc_codegen::Target;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[derive(clap::Args)]
pub(crate) struct CudaArgs {
    /// Input CUDA source (`-` for standard input).
    #[arg(required_unless_present_any = ["list_knobs", "list_passes"])]
    input: Option<PathBuf>,
    /// Output file (standard output when absent).
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
    /// Write the LLVM IR clang produced instead of compiling it.
    #[arg(long = "emit-llvm", conflicts_with = "emit")]
    emit_llvm: bool,
    /// The clang to run (default: `$CLANG`, `clang-19` on `PATH`, `/usr/lib/llvm-19/bin/clang`).
    #[arg(long, value_name = "PATH")]
    clang: Option<PathBuf>,
    /// CUDA tree with `include/` and `nvvm/libdevice/` (default: `$CUDA_PATH`, then `tools/cuda12-clang`).
    #[arg(long = "cuda-path", value_name = "DIR", conflicts_with = "nocudainc")]
    cuda_path: Option<PathBuf>,
    /// No CUDA headers or libdevice (clang's `-nocudainc -nocudalib`): for sources that declare what they use.
    #[arg(long)]
    nocudainc: bool,
    /// Add a directory to clang's include path; repeatable.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<PathBuf>,
    /// Define a preprocessor macro for clang (`NAME` or `NAME=VALUE`); repeatable.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    define: Vec<String>,
    /// Pass an argument to clang as is (after simtc's own); repeatable.
    #[arg(long = "clang-arg", value_name = "ARG", allow_hyphen_values = true)]
    clang_arg: Vec<String>,
    #[command(flatten)]
    opts: CompileOptions,
}

/// The architectures clang 19 compiles CUDA for; newer simtc targets get IR for `sm_90` (the PTX is still for
/// `--mcpu`: the IR only uses features that every later architecture has).
const CLANG19_ARCHS: &[&str] = &["sm_70", "sm_72", "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_90a"];

/// How to install what `simtc cuda` needs.
const INSTALL_HINT: &str = "run `bash scripts/install-tools.sh` (installs clang-19 and assembles the CUDA 12 tree \
     tools/cuda12-clang)";

pub(crate) fn cuda(a: CudaArgs) -> Result<(), Failure> {
    if a.opts.list_knobs {
        return Ok(write_output(&None, &simtc_codegen::driver::knob_registry().list())?);
    }
    let p = pipeline(&a.opts)?;
    let input = a.input.clone().unwrap_or_default();
    let (name, bytes) = read_source(&input)?;
    let src = String::from_utf8_lossy(&bytes);
    let clang = find_clang(a.clang.as_deref())?;
    let headers = if a.nocudainc { None } else { Some(find_cuda_tree(a.cuda_path.as_deref())?) };
    let args = clang_args(&a, &p.opts, headers.as_deref(), &src);
    let ir = run_clang(&clang, &args, &input, &bytes)?;
    if a.emit_llvm {
        return Ok(write_output(&a.output, &ir)?);
    }
    let m = parse_verified(&ir, &format!("{name} (LLVM IR from clang)"))?;
    compile_module(&name, m, &p, &a.opts, &a.output)
}

/// clang's arguments, without the input and output.
fn clang_args(a: &CudaArgs, opts: &simtc_codegen::Options, cuda_tree: Option<&Path>, src: &str) -> Vec<String> {
    let mut v: Vec<String> = ["-x", "cuda", "--cuda-device-only"].iter().map(|s| s.to_string()).collect();
    v.push(format!("--cuda-gpu-arch={}", clang_arch(opts.target)));
    match cuda_tree {
        Some(dir) => {
            v.push(format!("--cuda-path={}", dir.display()));
            // clang 19 knows CUDA up to 12.5 and warns about newer 12.x trees, which it compiles fine.
            v.push("-Wno-unknown-cuda-version".into());
        }
        None => v.extend(["-nocudainc".to_string(), "-nocudalib".to_string()]),
    }
    let ptx = opts.ptx_version.or_else(|| cuda_tree.is_none().then(|| opts.target.min_ptx_version()));
    if let Some((major, minor)) = ptx {
        v.extend(["-Xclang", "-target-feature", "-Xclang"].iter().map(|s| s.to_string()));
        v.push(format!("+ptx{major}{minor}"));
    }
    v.extend(["-O3", "-S", "-emit-llvm"].iter().map(|s| s.to_string()));
    if opts.debug {
        v.push("-g".into());
    }
    for d in &a.include {
        v.push(format!("-I{}", d.display()));
    }
    for d in &a.define {
        v.push(format!("-D{d}"));
    }
    v.extend(source_flags(src));
    v.extend(a.clang_arg.iter().cloned());
    v
}

/// The clang architecture for a target: itself when clang 19 knows it, else `sm_90`, the newest one it knows
/// without architecture-specific (`a`) features, whose IR every later architecture runs.
fn clang_arch(t: Target) -> &'static str {
    let name = t.name();
    CLANG19_ARCHS.iter().find(|a| **a == name).copied().unwrap_or("sm_90")
}

/// The flags of a `// regen-flags: ...` line (the first one), split at white space.
fn source_flags(src: &str) -> Vec<String> {
    src.lines()
        .find_map(|l| l.strip_prefix("// regen-flags:"))
        .map(|f| f.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

/// The source's name in diagnostics and its bytes (any encoding: clang reads them; simtc only looks for a
/// `// regen-flags:` line).
fn read_source(path: &Path) -> Result<(String, Vec<u8>), Rejected> {
    use std::io::Read;
    let name = path.display().to_string();
    let mut bytes = Vec::new();
    let r = if name == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(|_| ()))
    };
    r.map_err(|e| Rejected(format!("simtc: error: could not read '{name}': {e}")))?;
    Ok((if name == "-" { "<stdin>".into() } else { name }, bytes))
}

/// Runs clang on the input (a file, or `src` on standard input for `-`) and returns the LLVM IR it writes.
/// clang's diagnostics are passed through to standard error; a failure is exit 1.
fn run_clang(clang: &Path, args: &[String], input: &Path, src: &[u8]) -> Result<String, Rejected> {
    use std::io::Write;
    let stdin = input.as_os_str() == "-";
    let mut cmd = Command::new(clang);
    cmd.args(args).arg(input).args(["-o", "-"]).stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd.stdin(if stdin { Stdio::piped() } else { Stdio::null() });
    let mut child = cmd.spawn().map_err(|e| {
        Rejected(format!(
            "simtc: error: could not run clang '{}': {e}; {INSTALL_HINT}, or pass --clang",
            clang.display()
        ))
    })?;
    if stdin {
        if let Some(mut w) = child.stdin.take() {
            // clang reads all of standard input before it writes; a write error shows up as clang's failure.
            let _ = w.write_all(src);
        }
    }
    let out = child
        .wait_with_output()
        .map_err(|e| Rejected(format!("simtc: error: clang '{}' failed to run: {e}", clang.display())))?;
    let diags = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(Rejected(format!(
            "{diags}simtc: error: clang failed on '{}' ({})",
            if stdin { "<stdin>".to_string() } else { input.display().to_string() },
            match out.status.code() {
                Some(c) => format!("exit code {c}"),
                None => "killed by a signal".into(),
            }
        )));
    }
    eprint!("{diags}");
    String::from_utf8(out.stdout)
        .map_err(|_| Rejected(format!("simtc: error: clang '{}' wrote LLVM IR that is not UTF-8", clang.display())))
}

/// clang: `--clang`, `$CLANG`, `clang-19` on `PATH`, `/usr/lib/llvm-19/bin/clang`. An explicit choice is used as
/// given (running it reports a missing file); otherwise the first that exists.
fn find_clang(flag: Option<&Path>) -> Result<PathBuf, Rejected> {
    if let Some(p) = flag {
        return Ok(p.to_path_buf());
    }
    if let Some(p) = std::env::var_os("CLANG").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join("clang-19"));
    let fallback = std::iter::once(PathBuf::from("/usr/lib/llvm-19/bin/clang"));
    on_path.chain(fallback).find(|p| p.is_file()).ok_or_else(|| {
        Rejected(format!(
            "simtc: error: clang 19 not found (looked for --clang, $CLANG, clang-19 on PATH, \
             /usr/lib/llvm-19/bin/clang); {INSTALL_HINT}"
        ))
    })
}

/// Why `dir` cannot serve clang 19 as a CUDA tree, if it cannot.
fn unusable(dir: &Path) -> Option<String> {
    if !dir.join("include/cuda_runtime.h").is_file() {
        return Some(format!("'{}' has no include/cuda_runtime.h", dir.display()));
    }
    if !dir.join("nvvm/libdevice/libdevice.10.bc").is_file() {
        return Some(format!("'{}' has no nvvm/libdevice/libdevice.10.bc", dir.display()));
    }
    if !dir.join("bin").is_dir() {
        return Some(format!("'{}' has no bin/ directory (clang requires one)", dir.display()));
    }
    let version = std::fs::read_to_string(dir.join("include/cuda.h")).ok().and_then(|h| cuda_h_version(&h));
    match version {
        Some(v) if v >= 13000 => Some(format!(
            "'{}' is CUDA {}.{}, whose headers clang 19 cannot parse (it needs CUDA 12.x or older)",
            dir.display(),
            v / 1000,
            v % 1000 / 10
        )),
        _ => None,
    }
}

/// `CUDA_VERSION` from `cuda.h` (`12090` for 12.9).
fn cuda_h_version(h: &str) -> Option<u32> {
    h.lines().find_map(|l| l.trim().strip_prefix("#define CUDA_VERSION")).and_then(|v| v.trim().parse().ok())
}

/// The CUDA tree for clang: `--cuda-path`, `$CUDA_PATH`, or `tools/cuda12-clang` (see the module docs).
fn find_cuda_tree(flag: Option<&Path>) -> Result<PathBuf, Rejected> {
    if let Some(dir) = flag {
        return match unusable(dir) {
            None => Ok(dir.to_path_buf()),
            Some(why) => Err(Rejected(format!("simtc: error: --cuda-path: {why}; {INSTALL_HINT}"))),
        };
    }
    let mut tried = Vec::new();
    if let Some(dir) = std::env::var_os("CUDA_PATH").filter(|d| !d.is_empty()).map(PathBuf::from) {
        match unusable(&dir) {
            None => return Ok(dir),
            Some(why) => tried.push(format!("$CUDA_PATH: {why}")),
        }
    }
    for dir in tools_tree_candidates() {
        if unusable(&dir).is_none() {
            for t in &tried {
                eprintln!("simtc: note: skipping {t}");
            }
            return Ok(dir);
        }
        tried.push(format!("'{}' is missing or incomplete", dir.display()));
    }
    Err(Rejected(format!(
        "simtc: error: no CUDA headers for clang ({}); {INSTALL_HINT}, pass --cuda-path DIR, or use --nocudainc for \
         sources that need no CUDA headers",
        tried.join("; ")
    )))
}

/// Where `scripts/install-tools.sh` may have put `cuda12-clang`: `$SIMTC_TOOLS_DIR`, the `tools/` directory of
/// every ancestor of the executable's directory (a build under `target/` or an installed copy next to a
/// checkout), then the source tree this binary was built from.
fn tools_tree_candidates() -> Vec<PathBuf> {
    let mut v = Vec::new();
    if let Some(d) = std::env::var_os("SIMTC_TOOLS_DIR").filter(|d| !d.is_empty()) {
        v.push(PathBuf::from(d).join("cuda12-clang"));
    }
    if let Some(exe) = std::env::current_exe().ok().and_then(|e| e.canonicalize().ok()) {
        for dir in exe.ancestors().skip(1) {
            let t = dir.join("tools/cuda12-clang");
            if t.is_dir() {
                v.push(t);
                break;
            }
        }
    }
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/cuda12-clang");
    if !v.contains(&built_from) {
        v.push(built_from);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regen_flags_line() {
        assert_eq!(
            source_flags("#include \"x\"\n// regen-flags: -g  -fdebug-compilation-dir=.\n"),
            ["-g", "-fdebug-compilation-dir=."]
        );
        assert!(source_flags("// nothing here\n").is_empty());
    }

    #[test]
    fn clang_archs_and_versions() {
        assert_eq!(clang_arch(Target::Sm80), "sm_80");
        assert_eq!(clang_arch(Target::Sm90a), "sm_90a");
        assert_eq!(clang_arch(Target::Sm120), "sm_90");
        assert_eq!(cuda_h_version("#ifndef X\n#define CUDA_VERSION 12090\n"), Some(12090));
        assert_eq!(cuda_h_version("nothing"), None);
    }

    #[test]
    fn unusable_trees_say_why() {
        let d = std::env::temp_dir().join(format!("simtc-cuda-tree-{}", std::process::id()));
        std::fs::create_dir_all(d.join("include")).unwrap();
        assert!(unusable(&d).unwrap().contains("cuda_runtime.h"));
        std::fs::write(d.join("include/cuda_runtime.h"), "").unwrap();
        assert!(unusable(&d).unwrap().contains("libdevice"));
        std::fs::create_dir_all(d.join("nvvm/libdevice")).unwrap();
        std::fs::write(d.join("nvvm/libdevice/libdevice.10.bc"), "").unwrap();
        assert!(unusable(&d).unwrap().contains("bin/"));
        std::fs::create_dir_all(d.join("bin")).unwrap();
        assert_eq!(unusable(&d), None);
        std::fs::write(d.join("include/cuda.h"), "#define CUDA_VERSION 13050\n").unwrap();
        assert!(unusable(&d).unwrap().contains("CUDA 13.5"));
        std::fs::remove_dir_all(&d).unwrap();
    }
}
