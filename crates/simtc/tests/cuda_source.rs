//! `simtc cuda`: every example `.cu` compiles through clang-19 to the same PTX as `simtc compile` of the shipped
//! `.ll` (made by `examples/kernels/regen.sh` with the same clang and flags) and ptxas accepts it; the examples
//! also compile against the real CUDA 12 headers; a kernel that includes `<cuda_runtime.h>`, cuRAND and CCCL
//! headers and calls libdevice math compiles, assembles and computes the right values in the emulator; missing
//! clang and bad sources are exit-1 errors with clang's diagnostics.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn simtc(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_simtc")).current_dir(dir).args(args).env_remove("CUDA_PATH").output().unwrap()
}

fn ok(o: &Output, what: &str) {
    assert!(o.status.success(), "{what} failed:\n{}", String::from_utf8_lossy(&o.stderr));
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-cuda-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The CUDA 12 tree `scripts/install-tools.sh` assembles for clang (CI: required).
fn cuda12_clang_tree() -> Option<PathBuf> {
    let t = common::repo_root().join("tools/cuda12-clang");
    if t.join("include/cuda_runtime.h").is_file() {
        return Some(t);
    }
    assert!(std::env::var_os("CI").is_none(), "{} is required under CI (run scripts/install-tools.sh)", t.display());
    eprintln!("note: {} not found; skipping the real-header part of this test", t.display());
    None
}

/// Runs `f` on every item, on a few threads (each call runs clang and simtc as child processes).
fn for_each_parallel(items: &[String], f: impl Fn(&str) + Sync) {
    let chunk = items.len().div_ceil(4).max(1);
    std::thread::scope(|s| {
        for part in items.chunks(chunk) {
            let f = &f;
            s.spawn(move || part.iter().for_each(|k| f(k)));
        }
    });
}

fn example_sources() -> Vec<String> {
    let mut v: Vec<String> = common::example_kernels()
        .iter()
        .map(|ll| ll.file_stem().unwrap().to_string_lossy().into_owned())
        .filter(|k| common::repo_root().join("examples/kernels").join(format!("{k}.cu")).is_file())
        .collect();
    v.sort();
    assert!(v.len() >= 19, "expected a .cu beside every example .ll");
    v
}

#[test]
fn examples_compile_to_the_ptx_of_their_shipped_ll() {
    let Some(clang) = common::llvm_tool("clang") else { return };
    let clang = clang.display().to_string();
    let dir = common::repo_root().join("examples/kernels");
    let out = temp_dir("examples");
    for_each_parallel(&example_sources(), |k| {
        // As regen.sh runs clang: in the kernels directory, no CUDA headers (prelude.cuh), PTX 8.0, sm_90.
        let from_cu = out.join(format!("{k}.cu.ptx"));
        let from_ll = out.join(format!("{k}.ll.ptx"));
        let cu = format!("{k}.cu");
        let o = simtc(
            &dir,
            &[
                "cuda",
                &cu,
                "--clang",
                &clang,
                "--nocudainc",
                "--ptx-version",
                "8.0",
                "--mcpu",
                "sm_90",
                "-O3",
                "-o",
                from_cu.to_str().unwrap(),
            ],
        );
        ok(&o, &format!("simtc cuda {cu}"));
        let ll = format!("{k}.ll");
        let o = simtc(
            &dir,
            &["compile", &ll, "--ptx-version", "8.0", "--mcpu", "sm_90", "-O3", "-o", from_ll.to_str().unwrap()],
        );
        ok(&o, &format!("simtc compile {ll}"));
        let (a, b) = (std::fs::read_to_string(&from_cu).unwrap(), std::fs::read_to_string(&from_ll).unwrap());
        assert!(a == b, "{k}: simtc cuda and simtc compile of the shipped .ll differ (regenerate with regen.sh?)");
        common::assemble_if_available(&from_cu, "sm_90");
    });
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn examples_compile_against_the_cuda12_headers() {
    let Some(clang) = common::llvm_tool("clang") else { return };
    if cuda12_clang_tree().is_none() {
        return;
    }
    let clang = clang.display().to_string();
    let dir = common::repo_root().join("examples/kernels");
    let out = temp_dir("headers");
    for_each_parallel(&example_sources(), |k| {
        // No --cuda-path: simtc finds tools/cuda12-clang itself.
        let ptx = out.join(format!("{k}.ptx"));
        let o = simtc(&dir, &["cuda", &format!("{k}.cu"), "--clang", &clang, "-o", ptx.to_str().unwrap()]);
        ok(&o, &format!("simtc cuda {k}.cu with the CUDA 12 headers"));
        assert!(!String::from_utf8_lossy(&o.stderr).contains("warning"), "{k}: {}", String::from_utf8_lossy(&o.stderr));
        common::assemble_if_available(&ptx, "sm_90");
    });
    std::fs::remove_dir_all(&out).ok();
}

const HEADERS_KERNEL: &str = r#"#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <cuda/std/limits>

// One value per thread from libdevice math; a block-wide tree sum through shared memory with barriers.
__global__ void headers_kernel(float *out, float *sums, const float *in, unsigned n) {
  __shared__ float partial[256];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = i < n ? in[i] : 0.0f;
  float y = sinf(x) + expf(-x) + (cuda::std::numeric_limits<float>::max() > 1.0f ? 0.0f : 1.0f);
  if (i < n) out[i] = y;
  partial[threadIdx.x] = i < n ? y : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) sums[blockIdx.x] = partial[0];
}

__global__ void random_kernel(float *out, unsigned long long seed) {
  curandStatePhilox4_32_10_t st;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, i, 0, &st);
  out[i] = curand_uniform(&st);
}
"#;

const HEADERS_SPEC: &str = r#"kernel = "_Z14headers_kernelPfS_PKfj"
grid = 4
block = 256
[[args]]
buffer = "out"
type = "f32"
len = 1000
output = true
[[args]]
buffer = "sums"
type = "f32"
len = 4
output = true
[[args]]
buffer = "in"
type = "f32"
len = 1000
init = { iota = { start = -2.0, step = 0.004 } }
[[args]]
scalar = "u32"
value = 1000
"#;

fn f32s(path: &Path) -> Vec<f32> {
    std::fs::read(path).unwrap().chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect()
}

#[test]
fn real_cuda_headers_and_libdevice() {
    let Some(clang) = common::llvm_tool("clang") else { return };
    let Some(tree) = cuda12_clang_tree() else { return };
    let clang = clang.display().to_string();
    let dir = temp_dir("kernel");
    std::fs::write(dir.join("k.cu"), HEADERS_KERNEL).unwrap();
    std::fs::write(dir.join("k.toml"), HEADERS_SPEC).unwrap();
    for arch in ["sm_70", "sm_80", "sm_90"] {
        let ptx = dir.join(format!("k.{arch}.ptx"));
        let o = simtc(
            &dir,
            &["cuda", "k.cu", "--clang", &clang, "--cuda-path", tree.to_str().unwrap(), "--mcpu", arch, "-o"]
                .into_iter()
                .chain([ptx.to_str().unwrap()])
                .collect::<Vec<_>>(),
        );
        ok(&o, &format!("simtc cuda k.cu --mcpu {arch}"));
        let text = std::fs::read_to_string(&ptx).unwrap();
        assert!(text.contains(&format!(".target {arch}")), "{text}");
        assert!(!text.contains("__nv_"), "libdevice was not linked: a call to __nv_* is left\n{text}");
        assert!(text.contains("bar.sync") || text.contains("barrier.sync"), "no barrier in\n{text}");
        common::assemble_if_available(&ptx, arch);
    }
    // --emit-llvm writes clang's IR, and compiling that IR gives the same PTX.
    let ll = dir.join("k.ll");
    ok(&simtc(&dir, &["cuda", "k.cu", "--clang", &clang, "--emit-llvm", "-o", ll.to_str().unwrap()]), "--emit-llvm");
    let ir = std::fs::read_to_string(&ll).unwrap();
    assert!(ir.contains("define") && ir.contains("target triple = \"nvptx64-nvidia-cuda\""), "{ir}");
    let via_ll = dir.join("via_ll.ptx");
    ok(&simtc(&dir, &["compile", "k.ll", "-o", via_ll.to_str().unwrap()]), "simtc compile k.ll");
    let direct = dir.join("direct.ptx");
    ok(&simtc(&dir, &["cuda", "k.cu", "--clang", &clang, "-o", direct.to_str().unwrap()]), "simtc cuda");
    assert_eq!(std::fs::read_to_string(&via_ll).unwrap(), std::fs::read_to_string(&direct).unwrap());
    // The emulator runs it: libdevice's sinf/expf agree with the host's, the block sums add up.
    let outs = dir.join("out");
    let o = simtc(&dir, &["run", "k.toml", "--ptx", "direct.ptx", "--out", outs.to_str().unwrap()]);
    ok(&o, "simtc run");
    let (out, sums) = (f32s(&outs.join("out.bin")), f32s(&outs.join("sums.bin")));
    for (i, y) in out.iter().enumerate() {
        let x = -2.0f32 + 0.004 * i as f32;
        let want = x.sin() + (-x).exp();
        assert!((y - want).abs() <= 1e-5 * want.abs().max(1.0), "out[{i}] = {y}, want {want}");
    }
    for (b, s) in sums.iter().enumerate() {
        let want: f32 = out[b * 256..((b + 1) * 256).min(1000)].iter().sum();
        assert!((s - want).abs() <= 1e-3 * want.abs().max(1.0), "sums[{b}] = {s}, want {want}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn missing_clang_is_an_error_that_says_how_to_install() {
    let dir = common::repo_root().join("examples/kernels");
    let o = simtc(&dir, &["cuda", "warp_reduce.cu", "--nocudainc", "--clang", "/nonexistent/clang-19"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("could not run clang '/nonexistent/clang-19'"), "{err}");
    assert!(err.contains("scripts/install-tools.sh"), "{err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn missing_cuda_headers_is_an_error_that_says_how_to_install() {
    let Some(clang) = common::llvm_tool("clang") else { return };
    let empty = temp_dir("no-tree");
    let o =
        simtc(&empty, &["cuda", "../x.cu", "--clang", clang.to_str().unwrap(), "--cuda-path", empty.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    // The input is read first: a missing file is reported before anything else.
    assert!(err.contains("could not read '../x.cu'"), "{err}");
    std::fs::write(empty.join("x.cu"), "__global__ void k() {}\n").unwrap();
    let o =
        simtc(&empty, &["cuda", "x.cu", "--clang", clang.to_str().unwrap(), "--cuda-path", empty.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("has no include/cuda_runtime.h") && err.contains("scripts/install-tools.sh"), "{err}");
    std::fs::remove_dir_all(&empty).ok();
}

#[test]
fn bad_source_shows_clangs_diagnostics() {
    let Some(clang) = common::llvm_tool("clang") else { return };
    let dir = temp_dir("bad");
    std::fs::write(dir.join("bad.cu"), "__global__ void k(int *p) {\n  p[0] = ;\n}\n").unwrap();
    let o = simtc(&dir, &["cuda", "bad.cu", "--nocudainc", "--clang", clang.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.cu:2:10: error: expected expression"), "{err}");
    assert!(err.contains("simtc: error: clang failed on 'bad.cu'"), "{err}");
    assert!(o.stdout.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_unusable_cuda_path_variable_falls_back_to_the_tools_tree() {
    let Some(clang) = common::llvm_tool("clang") else { return };
    if cuda12_clang_tree().is_none() {
        return;
    }
    let dir = temp_dir("env");
    std::fs::write(
        dir.join("k.cu"),
        "#include <cuda_runtime.h>\n__global__ void k(float *p) { p[threadIdx.x] = 1.0f; }\n",
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .current_dir(&dir)
        .args(["cuda", "k.cu", "--clang", clang.to_str().unwrap()])
        .env("CUDA_PATH", &dir)
        .output()
        .unwrap();
    ok(&o, "simtc cuda with an unusable $CUDA_PATH");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("simtc: note: skipping $CUDA_PATH:") && err.contains("has no include/cuda_runtime.h"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains(".entry _Z1kPf("));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn reads_standard_input_in_any_encoding() {
    use std::io::Write;
    let Some(clang) = common::llvm_tool("clang") else { return };
    // A Latin-1 comment: clang takes the bytes as they are.
    let src = b"// caf\xe9\nextern \"C\" __attribute__((global)) void k(int *p) { p[0] = 1; }\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .args(["cuda", "-", "--nocudainc", "--clang", clang.to_str().unwrap()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(src).unwrap();
    let o = child.wait_with_output().unwrap();
    ok(&o, "simtc cuda -");
    assert!(String::from_utf8_lossy(&o.stdout).contains(".visible .entry k("));
}
